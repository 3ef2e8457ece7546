import { HONEYPOT_FIELD } from '@genesis/contracts/enquiry'
import { FunctionsHttpError } from '@supabase/supabase-js'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { drivers } from '../support/database.ts'
import { createTestGateway, type TestGateway } from '../support/gateway.ts'
import { closedSmtpUrl, type SmtpSink, startSmtpSink } from '../support/smtp-sink.ts'

const LEASING = 'leasing@genesis-centre.test'
const MANAGEMENT = 'management@genesis-centre.test'
// Enough for every request of a file; the limit itself has its own test.
const ENV = { FUNCTIONS_RATE_LIMIT: '1000' }

const unitEnquiry = {
  unitNumber: 'UG12',
  name: 'Thabo Mokoena',
  email: 'Thabo@Example.com',
  phone: '082 555 0101',
  message: 'Is the unit suitable for a bakery?',
}
const leasingEnquiry = {
  name: 'Ayanda Dlamini',
  email: 'ayanda@example.com',
  phone: '083 555 0202',
  company: 'Ayanda Eats',
  businessType: 'food',
  message: 'Looking for 120 m2 near the entrance.',
  source: 'leasing_form',
}
const contactEnquiry = {
  name: 'Lerato Khumalo',
  email: 'lerato@example.com',
  phone: '',
  message: 'The parking boom at gate 2 is stuck.',
  enquiryType: 'complaint',
  source: 'contact_page',
}

interface EnquiryRow {
  kind: string
  unit_number: string | null
  name: string
  email: string
  phone: string | null
  company: string | null
  business_type: string | null
  enquiry_type: string | null
  message: string | null
  source: string | null
  email_status: string
  provider_error: string | null
}

async function enquiries(gw: TestGateway): Promise<EnquiryRow[]> {
  const { rows } = await gw.db.query<EnquiryRow>(
    `select kind, unit_number, name, email, phone, company, business_type, enquiry_type, message, source,
            email_status, provider_error
       from public.enquiries order by created_at`,
  )
  return rows
}

async function outbox(gw: TestGateway) {
  const { rows } = await gw.db.query<{ to_addresses: string[]; reply_to: string | null; category: string }>(
    'select to_addresses, reply_to, category from private.mail_outbox order by created_at',
  )
  return rows
}

async function errorBody(error: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  expect(error).toBeInstanceOf(FunctionsHttpError)
  const response = (error as FunctionsHttpError).context as Response
  return { status: response.status, body: await response.json() }
}

describe.each(drivers)('send-enquiry-email (%s)', (driver) => {
  describe('with the outbox (no SMTP server configured)', () => {
    let gw: TestGateway
    beforeAll(async () => {
      gw = await createTestGateway(driver, { seed: true, env: ENV })
    })
    afterAll(() => gw.close())
    afterEach(async () => {
      await gw.db.query('delete from public.enquiries')
      await gw.db.query('delete from private.mail_outbox')
    })

    it('stores a unit enquiry with every field, writes both mails to the outbox and answers success', async () => {
      const { data, error } = await gw.client().functions.invoke('send-enquiry-email', {
        body: JSON.stringify(unitEnquiry),
      })
      expect(error).toBeNull()
      expect(data).toEqual({ success: true })
      expect(await enquiries(gw)).toEqual([
        {
          kind: 'unit',
          unit_number: 'UG12',
          name: 'Thabo Mokoena',
          email: 'Thabo@Example.com',
          phone: '082 555 0101',
          company: null,
          business_type: null,
          enquiry_type: null,
          message: 'Is the unit suitable for a bakery?',
          source: 'unit_dialog',
          email_status: 'sent',
          provider_error: null,
        },
      ])
      expect(await outbox(gw)).toEqual([
        { to_addresses: [LEASING], reply_to: 'Thabo@Example.com', category: 'enquiry-unit' },
        { to_addresses: ['Thabo@Example.com'], reply_to: LEASING, category: 'enquiry-acknowledgement' },
      ])
    })

    it('stores a leasing form enquiry and sends it to the leasing address', async () => {
      const { data, error } = await gw.client().functions.invoke('send-enquiry-email', {
        body: JSON.stringify(leasingEnquiry),
      })
      expect(error).toBeNull()
      expect(data).toEqual({ success: true })
      expect(await enquiries(gw)).toMatchObject([
        {
          kind: 'leasing',
          unit_number: null,
          name: 'Ayanda Dlamini',
          company: 'Ayanda Eats',
          business_type: 'food',
          message: 'Looking for 120 m2 near the entrance.',
          source: 'leasing_form',
          email_status: 'sent',
        },
      ])
      expect((await outbox(gw))[0]).toEqual({
        to_addresses: [LEASING],
        reply_to: 'ayanda@example.com',
        category: 'enquiry-leasing',
      })
    })

    it('stores a contact message and sends it to the management address', async () => {
      const { error } = await gw.client().functions.invoke('send-enquiry-email', { body: contactEnquiry })
      expect(error).toBeNull()
      expect(await enquiries(gw)).toMatchObject([
        {
          kind: 'contact',
          phone: null,
          enquiry_type: 'complaint',
          message: 'The parking boom at gate 2 is stuck.',
          source: 'contact_page',
          email_status: 'sent',
        },
      ])
      expect((await outbox(gw))[0]).toEqual({
        to_addresses: [MANAGEMENT],
        reply_to: 'lerato@example.com',
        category: 'enquiry-contact',
      })
    })

    it.each([
      ['a unit enquiry without a name', { ...unitEnquiry, name: ' ' }, 'Missing required fields'],
      [
        'a unit enquiry without a unit number',
        { ...unitEnquiry, unitNumber: undefined },
        'Missing required fields',
      ],
      ['a unit enquiry without an email', { ...unitEnquiry, email: '' }, 'Missing required fields'],
      ['an empty body', undefined, 'Missing required fields'],
      ['a body that is not JSON', 'unitNumber=UG12', 'Missing required fields'],
      [
        'a leasing enquiry without a name',
        { ...leasingEnquiry, name: '' },
        'Please fill in all required fields',
      ],
      [
        'a leasing enquiry without an email',
        { ...leasingEnquiry, email: undefined },
        'Please fill in all required fields',
      ],
      [
        'a contact message without a message',
        { ...contactEnquiry, message: '' },
        'Please fill in all required fields',
      ],
      [
        'a contact message without a name',
        { ...contactEnquiry, name: undefined },
        'Please fill in all required fields',
      ],
      [
        'an address that is not one',
        { ...leasingEnquiry, email: 'ayanda@' },
        'Please enter a valid email address',
      ],
    ])(
      'refuses %s with 400 and the spec’s message, storing and sending nothing',
      async (_, payload, message) => {
        const { data, error } = await gw.client().functions.invoke('send-enquiry-email', {
          body: typeof payload === 'string' ? payload : JSON.stringify(payload ?? ''),
        })
        expect(data).toBeNull()
        expect(await errorBody(error)).toEqual({ status: 400, body: { error: message } })
        expect(await enquiries(gw)).toEqual([])
        expect(await outbox(gw)).toEqual([])
      },
    )

    it('accepts and ignores an enquiry whose hidden honeypot field is filled in', async () => {
      const { data, error } = await gw.client().functions.invoke('send-enquiry-email', {
        body: JSON.stringify({ ...leasingEnquiry, [HONEYPOT_FIELD]: 'https://spam.example' }),
      })
      expect(error).toBeNull()
      expect(data).toEqual({ success: true })
      expect(await enquiries(gw)).toEqual([])
      expect(await outbox(gw)).toEqual([])
    })

    it('treats an empty honeypot as a person (browsers submit the hidden field empty)', async () => {
      const { error } = await gw.client().functions.invoke('send-enquiry-email', {
        body: JSON.stringify({ ...leasingEnquiry, [HONEYPOT_FIELD]: '' }),
      })
      expect(error).toBeNull()
      expect(await enquiries(gw)).toHaveLength(1)
    })

    it('refuses an oversized body with 413 before storing anything', async () => {
      const { error } = await gw.client().functions.invoke('send-enquiry-email', {
        body: JSON.stringify({ ...contactEnquiry, message: 'x'.repeat(40 * 1024) }),
      })
      expect((await errorBody(error)).status).toBe(413)
      expect(await enquiries(gw)).toEqual([])
    })

    it('refuses a caller without a key (the form always sends the anon key)', async () => {
      const response = await gw.app.request('/functions/v1/send-enquiry-email', {
        method: 'POST',
        body: JSON.stringify(unitEnquiry),
      })
      expect(response.status).toBe(401)
      expect(await enquiries(gw)).toEqual([])
    })

    it('answers GET with 405: enquiries are sent, not fetched', async () => {
      const { error } = await gw.client().functions.invoke('send-enquiry-email', { method: 'GET' })
      expect((await errorBody(error)).status).toBe(405)
    })
  })

  describe('with a real SMTP server on loopback', () => {
    let gw: TestGateway
    let sink: SmtpSink
    beforeAll(async () => {
      sink = await startSmtpSink()
      gw = await createTestGateway(driver, { seed: true, env: { ...ENV, SMTP_URL: sink.url } })
    })
    afterAll(async () => {
      await gw.close()
      await sink.close()
    })
    afterEach(() => {
      sink.messages.length = 0
    })

    it('mails a unit enquiry to leasing (reply-to the visitor) and promises the visitor a reply within 24 hours', async () => {
      const { data, error } = await gw.client().functions.invoke('send-enquiry-email', {
        body: JSON.stringify(unitEnquiry),
      })
      expect(error).toBeNull()
      expect(data).toEqual({ success: true })
      const [team, ack] = await sink.waitFor(2)

      expect(team.envelopeTo).toEqual([LEASING])
      // nodemailer lower-cases the domain of an address; the mailbox part keeps the visitor's case.
      expect(team.headers.get('reply-to')).toBe('Thabo@example.com')
      expect(team.subject).toBe('Enquiry about unit UG12 from Thabo Mokoena')
      for (const body of [team.text, team.html]) {
        expect(body).toContain('UG12')
        expect(body).toContain('Thabo Mokoena')
        expect(body).toContain('082 555 0101')
        expect(body).toContain('Is the unit suitable for a bakery?')
        expect(body).toContain('Genesis Centre')
      }

      expect(ack.envelopeTo).toEqual(['Thabo@example.com'])
      expect(ack.headers.get('reply-to')).toBe(LEASING)
      expect(ack.subject).toBe('We received your enquiry about unit UG12 at Genesis Centre')
      for (const body of [ack.text, ack.html]) {
        expect(body).toContain('Our leasing team will contact you within 24 hours.')
        expect(body).toContain('011 274 5300')
      }
      expect(ack.text).not.toContain('bakery')
      expect((await enquiries(gw)).at(-1)?.email_status).toBe('sent')
    })

    it('mails a contact message to management with its type, and thanks the visitor', async () => {
      const { error } = await gw.client().functions.invoke('send-enquiry-email', { body: contactEnquiry })
      expect(error).toBeNull()
      const [team, ack] = await sink.waitFor(2)
      expect(team.envelopeTo).toEqual([MANAGEMENT])
      expect(team.headers.get('reply-to')).toBe('lerato@example.com')
      expect(team.subject).toBe('Website message from Lerato Khumalo (Complaint)')
      expect(team.text).toContain('The parking boom at gate 2 is stuck.')
      expect(ack.envelopeTo).toEqual(['lerato@example.com'])
      expect(ack.text).toContain("We'll get back to you shortly.")
    })

    it('escapes a visitor’s markup in the HTML mail', async () => {
      const { error } = await gw.client().functions.invoke('send-enquiry-email', {
        body: { ...contactEnquiry, message: '<a href="https://evil.example">click</a>' },
      })
      expect(error).toBeNull()
      const [team] = await sink.waitFor(2)
      expect(team.html).not.toContain('<a href="https://evil.example">')
      expect(team.html).toContain('&lt;a href=&quot;https://evil.example&quot;&gt;click&lt;/a&gt;')
    })

    it('takes addresses from centre_settings, not from code', async () => {
      await gw.db.query(`update public.centre_settings set leasing_email = 'new-leasing@genesis-centre.test'`)
      try {
        const { error } = await gw.client().functions.invoke('send-enquiry-email', { body: leasingEnquiry })
        expect(error).toBeNull()
        const [team] = await sink.waitFor(2)
        expect(team.envelopeTo).toEqual(['new-leasing@genesis-centre.test'])
      } finally {
        await gw.db.query(`update public.centre_settings set leasing_email = '${LEASING}'`)
      }
    })
  })

  describe('when the mail server is down or refuses the message', () => {
    it('keeps the enquiry as failed with the provider’s message and returns provider_error', async () => {
      const gw = await createTestGateway(driver, {
        seed: true,
        env: { ...ENV, SMTP_URL: await closedSmtpUrl() },
      })
      try {
        const { data, error } = await gw.client().functions.invoke('send-enquiry-email', {
          body: JSON.stringify(unitEnquiry),
        })
        expect(data).toBeNull()
        const { status, body } = await errorBody(error)
        expect(status).toBe(500)
        expect(body.error).toBe('Email service error')
        expect(body.provider_error).toMatch(/ECONNREFUSED|connect/i)
        const [row] = await enquiries(gw)
        expect(row).toMatchObject({ kind: 'unit', name: 'Thabo Mokoena', email_status: 'failed' })
        expect(row.provider_error).toBe(body.provider_error)
        // No acknowledgement was attempted after the team's mail failed.
        expect(await outbox(gw)).toEqual([
          { to_addresses: [LEASING], reply_to: 'Thabo@Example.com', category: 'enquiry-unit' },
        ])
      } finally {
        await gw.close()
      }
    })

    it('reports what the server answered when it refuses the message', async () => {
      const sink = await startSmtpSink({ reject: 'Relay access denied' })
      const gw = await createTestGateway(driver, { seed: true, env: { ...ENV, SMTP_URL: sink.url } })
      try {
        const { error } = await gw.client().functions.invoke('send-enquiry-email', { body: leasingEnquiry })
        const { status, body } = await errorBody(error)
        expect(status).toBe(500)
        expect(body.provider_error).toContain('Relay access denied')
        expect(await enquiries(gw)).toMatchObject([{ kind: 'leasing', email_status: 'failed' }])
      } finally {
        await gw.close()
        await sink.close()
      }
    })
  })

  describe('abuse limits', () => {
    it('counts each client address on its own (behind trusted proxies, the X-Forwarded-For address)', async () => {
      const gw = await createTestGateway(driver, {
        seed: true,
        // Two proxies (decision 036): a load balancer appends the client, the proxy the balancer.
        env: { FUNCTIONS_RATE_LIMIT: '1', TRUST_PROXY: '2' },
      })
      try {
        const from = (ip: string) =>
          gw.client().functions.invoke('send-enquiry-email', {
            body: contactEnquiry,
            headers: { 'X-Forwarded-For': `${ip}, 10.0.0.1` },
          })
        expect((await from('203.0.113.7')).error).toBeNull()
        const limited = await from('203.0.113.7')
        expect(((limited.error as FunctionsHttpError).context as Response).status).toBe(429)
        expect((await from('198.51.100.23')).error).toBeNull()
        expect(await enquiries(gw)).toHaveLength(2)
      } finally {
        await gw.close()
      }
    })

    it('answers 429 with Retry-After once an address has sent FUNCTIONS_RATE_LIMIT enquiries', async () => {
      const gw = await createTestGateway(driver, { seed: true, env: { FUNCTIONS_RATE_LIMIT: '2' } })
      try {
        for (let i = 0; i < 2; i++) {
          const { error } = await gw.client().functions.invoke('send-enquiry-email', { body: contactEnquiry })
          expect(error).toBeNull()
        }
        const { error } = await gw.client().functions.invoke('send-enquiry-email', { body: contactEnquiry })
        const response = (error as FunctionsHttpError).context as Response
        expect(response.status).toBe(429)
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0)
        expect(await response.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' })
        expect(await enquiries(gw)).toHaveLength(2)
      } finally {
        await gw.close()
      }
    })
  })
})
