import { type CentreContacts, SEEDED_CENTRE } from '@genesis/contracts/centre-settings'
import { type ParsedEnquiry, parseEnquiryPayload } from '@genesis/contracts/enquiry'
import { describe, expect, it } from 'vitest'
import { acknowledgementMail, teamMail } from './enquiry-emails.ts'

// The seeded centre, with addresses of its own so the assertions show which one a mail used.
const centre: CentreContacts = {
  ...SEEDED_CENTRE,
  management_email: 'management@centre.test',
  leasing_email: 'leasing@centre.test',
  general_email: 'info@centre.test',
}

function enquiry(body: unknown): ParsedEnquiry {
  const parsed = parseEnquiryPayload(body)
  if (!parsed.ok) throw new Error(parsed.error)
  return parsed.enquiry
}

describe('enquiry mails', () => {
  it('keeps subjects on one line whatever the visitor typed (no header injection)', () => {
    const e = enquiry({
      unitNumber: 'UG1\r\nBcc: victim@example.com',
      name: 'Eve\nBcc: x@y.z',
      email: 'eve@example.com',
    })
    const mail = teamMail(e, centre, new Date('2026-11-22T08:00:00Z'))
    expect(mail.subject).toBe('Enquiry about unit UG1 Bcc: victim@example.com from Eve Bcc: x@y.z')
    expect(mail.subject).not.toMatch(/[\r\n]/)
    expect(acknowledgementMail(e, centre).subject).not.toMatch(/[\r\n]/)
  })

  it('tells the team when the enquiry arrived in Johannesburg time', () => {
    const e = enquiry({ unitNumber: 'G5', name: 'A', email: 'a@b.co' })
    const mail = teamMail(e, centre, new Date('2026-11-22T08:00:00Z'))
    expect(mail.content.paragraphs[0]).toContain('received 22 Nov 2026, 10:00 SAST')
  })

  it('sends unit and leasing enquiries to leasing and contact messages to management', () => {
    const at = new Date()
    expect(teamMail(enquiry({ unitNumber: 'G5', name: 'A', email: 'a@b.co' }), centre, at).to).toBe(
      'leasing@centre.test',
    )
    expect(teamMail(enquiry({ source: 'leasing_form', name: 'A B', email: 'a@b.co' }), centre, at).to).toBe(
      'leasing@centre.test',
    )
    expect(
      teamMail(enquiry({ source: 'contact_page', name: 'A B', email: 'a@b.co', message: 'Hi' }), centre, at)
        .to,
    ).toBe('management@centre.test')
  })

  it('promises a reply within 24 hours only for unit enquiries', () => {
    const unit = acknowledgementMail(enquiry({ unitNumber: 'G5', name: 'Ann Lee', email: 'a@b.co' }), centre)
    expect(unit.content.paragraphs).toContain('Our leasing team will contact you within 24 hours.')
    expect(unit.content.paragraphs[0]).toContain('Dear Ann,')
    const leasing = acknowledgementMail(
      enquiry({ source: 'leasing_form', name: 'A B', email: 'a@b.co' }),
      centre,
    )
    expect(leasing.content.paragraphs.join(' ')).not.toContain('24 hours')
  })
})
