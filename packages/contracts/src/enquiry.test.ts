import { describe, expect, it } from 'vitest'
import {
  ContactFormSchema,
  contactFormToPayload,
  LeasingFormSchema,
  leasingFormToPayload,
  parseEnquiryPayload,
} from './enquiry.ts'

describe('send-enquiry-email payloads', () => {
  it('accepts a unit dialog enquiry with only unit number, name and email', () => {
    const r = parseEnquiryPayload({
      unitNumber: 'UG10',
      name: 'Thabo',
      email: 'thabo@example.com',
      phone: '',
    })
    expect(r).toEqual({
      ok: true,
      enquiry: { kind: 'unit', unitNumber: 'UG10', name: 'Thabo', email: 'thabo@example.com' },
    })
  })

  it("refuses a unit enquiry without a name with 'Missing required fields'", () => {
    expect(parseEnquiryPayload({ unitNumber: 'UG10', name: '  ', email: 'a@b.co' })).toEqual({
      ok: false,
      error: 'Missing required fields',
    })
    expect(parseEnquiryPayload({ name: 'A', email: 'a@b.co' })).toEqual({
      ok: false,
      error: 'Missing required fields',
    })
  })

  it("refuses a contact enquiry without a message with 'Please fill in all required fields'", () => {
    expect(
      parseEnquiryPayload({ source: 'contact_page', name: 'A B', email: 'a@b.co', message: '' }),
    ).toEqual({
      ok: false,
      error: 'Please fill in all required fields',
    })
  })

  it("refuses a body that is not an object with 'Missing required fields'", () => {
    for (const body of [undefined, null, 'text', 42, []]) {
      expect(parseEnquiryPayload(body)).toEqual({ ok: false, error: 'Missing required fields' })
    }
  })

  it('says the address is invalid when it does not look like one', () => {
    expect(parseEnquiryPayload({ source: 'leasing_form', name: 'A B', email: 'not-an-address' })).toEqual({
      ok: false,
      error: 'Please enter a valid email address',
    })
  })

  it('turns the leasing form into the payload the function expects', () => {
    const form = LeasingFormSchema.parse({
      firstName: ' Ayanda ',
      lastName: 'Dlamini',
      email: 'ayanda@example.com',
      businessType: 'food',
    })
    const payload = leasingFormToPayload(form)
    expect(payload).toMatchObject({ name: 'Ayanda Dlamini', source: 'leasing_form', businessType: 'food' })
    expect(parseEnquiryPayload(payload).ok).toBe(true)
  })

  it('turns the contact form into the payload the function expects', () => {
    const form = ContactFormSchema.parse({
      firstName: 'Ayanda',
      lastName: 'Dlamini',
      email: 'ayanda@example.com',
      message: 'Hello',
      enquiryType: 'complaint',
    })
    expect(contactFormToPayload(form)).toMatchObject({ source: 'contact_page', enquiryType: 'complaint' })
  })
})
