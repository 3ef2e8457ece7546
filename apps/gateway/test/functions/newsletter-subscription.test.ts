import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { createClient, FunctionsHttpError } from '@supabase/supabase-js'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { drivers } from '../support/database.ts'
import { createTestGateway, TEST_URL, type TestGateway } from '../support/gateway.ts'
import { closedSmtpUrl, type SmtpSink, startSmtpSink } from '../support/smtp-sink.ts'
import { DEMO, signToken, userClaims } from '../support/tokens.ts'

const ENV = { FUNCTIONS_RATE_LIMIT: '1000' }
const CONSENT =
  'I agree to receive news about stores and events at Genesis Centre. I can unsubscribe at any time.'

interface SubscriberRow {
  email: string
  status: string
  source: string
  consent_text: string
  consented_at: string
  unsubscribed_at: string | null
  unsubscribe_token: string
}

async function subscribers(gw: TestGateway, email?: string): Promise<SubscriberRow[]> {
  const { rows } = await gw.db.query<SubscriberRow>(
    `select email, status, source, consent_text, consented_at::text, unsubscribed_at::text, unsubscribe_token
       from public.newsletter_subscribers
      where $1::text is null or lower(email) = lower($1)
      order by created_at`,
    [email ?? null],
  )
  return rows
}

async function confirmationMails(gw: TestGateway, to: string) {
  const { rows } = await gw.db.query<{ subject: string; text_body: string; html_body: string }>(
    `select subject, text_body, html_body from private.mail_outbox
      where category = 'newsletter-confirmation' and $1 = any(to_addresses) order by created_at`,
    [to],
  )
  return rows
}

/** The unsubscribe link of a confirmation mail, as an in-process path. */
function unsubscribePath(text: string): string {
  return linkPath(text, 'Unsubscribe')
}

/** A labelled link of a mail's text part (`Label: url`), as an in-process path. */
function linkPath(text: string, label: string): string {
  const match = new RegExp(`${label}: (\\S+)`).exec(text)
  if (!match) throw new Error(`no ${label} link in the mail`)
  const url = new URL(match[1])
  expect(url.origin).toBe(TEST_URL)
  return `${url.pathname}${url.search}`
}

describe.each(drivers)('newsletter-subscription (%s)', (driver) => {
  describe('with the outbox', () => {
    let gw: TestGateway
    beforeAll(async () => {
      gw = await createTestGateway(driver, { seed: true, env: ENV })
      // The demo seed has subscribers of its own; each test here starts from an empty list.
      await gw.db.query('delete from public.newsletter_subscribers')
    })
    afterAll(() => gw.close())
    afterEach(async () => {
      await gw.db.query('delete from public.newsletter_subscribers')
      await gw.db.query('delete from private.mail_outbox')
    })

    it('records a pending sign-up with the consent wording, source and time, and mails one confirmation link', async () => {
      const before = Date.now()
      const { data, error } = await gw.client().functions.invoke('newsletter-subscription', {
        body: { email: '  Nomsa@Example.com ' },
      })
      expect(error).toBeNull()
      expect(data).toEqual({ success: true })
      const [row] = await subscribers(gw)
      expect(row).toMatchObject({
        email: 'nomsa@example.com',
        status: 'pending',
        source: 'website',
        consent_text: CONSENT,
        unsubscribed_at: null,
      })
      expect(new Date(row.consented_at).getTime()).toBeGreaterThanOrEqual(before - 1000)
      const mails = await confirmationMails(gw, 'nomsa@example.com')
      expect(mails).toHaveLength(1)
      expect(mails[0].subject).toBe('Please confirm your subscription to Genesis Centre news')
      const ledger = await gw.db.query(
        `select event, source, wording, ip_address from public.newsletter_consent_events where email = 'nomsa@example.com'`,
      )
      // In-process requests have no socket: the gateway names their address 'local'.
      expect(ledger.rows).toEqual([
        { event: 'opt_in_requested', source: 'website', wording: CONSENT, ip_address: 'local' },
      ])
    })

    it('the confirmation link works without signing in: GET asks, POST confirms, recorded in the ledger', async () => {
      await gw.client().functions.invoke('newsletter-subscription', { body: { email: 'ayanda@example.com' } })
      const [mail] = await confirmationMails(gw, 'ayanda@example.com')
      const path = linkPath(mail.text_body, 'Confirm my subscription')
      expect(path).toContain('/functions/v1/newsletter-subscription/confirm?token=')

      const page = await gw.app.request(path, { headers: { 'User-Agent': 'Scanner/1.0' } })
      expect(page.status).toBe(200)
      const html = await page.text()
      expect(html).toContain('Confirm your subscription')
      expect(html).toContain('<form method="post">')
      expect((await subscribers(gw, 'ayanda@example.com'))[0].status).toBe('pending')

      const done = await gw.app.request(path, { method: 'POST', headers: { 'User-Agent': 'Firefox/140' } })
      expect(done.status).toBe(200)
      expect(await done.text()).toContain('Successfully subscribed!')
      expect((await subscribers(gw, 'ayanda@example.com'))[0].status).toBe('subscribed')
      const ledger = await gw.db.query(
        `select event, source, user_agent from public.newsletter_consent_events
          where email = 'ayanda@example.com' order by id`,
      )
      expect(ledger.rows).toEqual([
        { event: 'opt_in_requested', source: 'website', user_agent: null },
        { event: 'opt_in_confirmed', source: 'confirmation link', user_agent: 'Firefox/140' },
      ])
      // Following it again is harmless; after an unsubscribe it subscribes nobody.
      expect(await (await gw.app.request(path, { method: 'POST' })).text()).toContain(
        'Successfully subscribed!',
      )
      await gw.app.request(unsubscribePath(mail.text_body), { method: 'POST' })
      const stale = await gw.app.request(path, { method: 'POST' })
      expect(stale.status).toBe(404)
      expect((await subscribers(gw, 'ayanda@example.com'))[0].status).toBe('unsubscribed')
    })

    it('records where the form sat when the web app says so', async () => {
      const { error } = await gw.client().functions.invoke('newsletter-subscription', {
        body: { email: 'footer@example.com', source: 'footer' },
      })
      expect(error).toBeNull()
      expect((await subscribers(gw))[0].source).toBe('footer')
    })

    it.each([
      ['an address without a domain', { email: 'nomsa@' }],
      ['an address with spaces', { email: 'nom sa@example.com' }],
      ['an empty address', { email: '' }],
      ['no address', {}],
      ['no body at all', undefined],
    ])("refuses %s with 400 'Please enter a valid email address'", async (_, body) => {
      const { data, error } = await gw.client().functions.invoke('newsletter-subscription', { body })
      expect(data).toBeNull()
      expect(error).toBeInstanceOf(FunctionsHttpError)
      const response = (error as FunctionsHttpError).context as Response
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({ error: 'Please enter a valid email address' })
      expect(await subscribers(gw)).toEqual([])
    })

    it('treats addresses case-insensitively: subscribing twice is not an error and sends no second mail', async () => {
      const client = gw.client()
      expect(
        (await client.functions.invoke('newsletter-subscription', { body: { email: 'Sipho@Example.com' } }))
          .error,
      ).toBeNull()
      const [first] = await subscribers(gw)
      const second = await client.functions.invoke('newsletter-subscription', {
        body: { email: 'sipho@example.COM' },
      })
      expect(second.error).toBeNull()
      expect(second.data).toEqual({ success: true })
      const rows = await subscribers(gw)
      expect(rows).toHaveLength(1)
      // The original consent stands untouched.
      expect(rows[0].consented_at).toBe(first.consented_at)
      expect(await confirmationMails(gw, 'sipho@example.com')).toHaveLength(1)
    })

    it('the confirmation names the centre, how to reach it, what was agreed and how to unsubscribe', async () => {
      await gw.client().functions.invoke('newsletter-subscription', { body: { email: 'zanele@example.com' } })
      const [mail] = await confirmationMails(gw, 'zanele@example.com')
      for (const body of [mail.text_body, mail.html_body]) {
        expect(body).toContain('Genesis Centre')
        expect(body).toContain('011 274 5300')
        expect(body).toContain('info@genesis-centre.test')
        expect(body).toContain('12 Protea Avenue')
        expect(body).toContain('unsubscribe at any time')
        expect(body).toContain('/functions/v1/newsletter-subscription/unsubscribe?token=')
        expect(body).toContain('/functions/v1/newsletter-subscription/confirm?token=')
      }
    })

    it('the unsubscribe link works without signing in: GET asks, POST unsubscribes, and nothing else changes', async () => {
      await gw
        .client()
        .functions.invoke('newsletter-subscription', { body: { email: 'bongani@example.com' } })
      await gw.client().functions.invoke('newsletter-subscription', { body: { email: 'other@example.com' } })
      const [mail] = await confirmationMails(gw, 'bongani@example.com')
      const path = unsubscribePath(mail.text_body)

      // Opening the link (or a mail scanner prefetching it) changes nothing.
      const page = await gw.app.request(path)
      expect(page.status).toBe(200)
      expect(page.headers.get('content-type')).toContain('text/html')
      const html = await page.text()
      expect(html).toContain('Unsubscribe from our news?')
      expect(html).toContain('bongani@example.com')
      expect(html).toContain('<form method="post">')
      expect((await subscribers(gw, 'bongani@example.com'))[0].status).toBe('pending')

      const done = await gw.app.request(path, { method: 'POST' })
      expect(done.status).toBe(200)
      expect(await done.text()).toContain('You have been unsubscribed')
      const [row] = await subscribers(gw, 'bongani@example.com')
      expect(row.status).toBe('unsubscribed')
      expect(row.unsubscribed_at).not.toBeNull()
      expect((await subscribers(gw, 'other@example.com'))[0].status).toBe('pending')

      // Clicking again is harmless and keeps the first time.
      const again = await gw.app.request(path, { method: 'POST' })
      expect(again.status).toBe(200)
      expect((await subscribers(gw, 'bongani@example.com'))[0].unsubscribed_at).toBe(row.unsubscribed_at)
      expect(await (await gw.app.request(path)).text()).toContain('You have been unsubscribed')
    })

    it('answers an unknown or malformed unsubscribe token with a 404 page, changing nothing', async () => {
      await gw.client().functions.invoke('newsletter-subscription', { body: { email: 'kept@example.com' } })
      for (const token of ['0'.repeat(48), "' or 1=1 --", '']) {
        const path = `/functions/v1/newsletter-subscription/unsubscribe?token=${encodeURIComponent(token)}`
        for (const method of ['GET', 'POST']) {
          const response = await gw.app.request(path, { method })
          expect(response.status).toBe(404)
          expect(await response.text()).toContain('This link is not valid')
        }
      }
      expect((await subscribers(gw))[0].status).toBe('pending')
    })

    it('re-subscribing an unsubscribed address works, records fresh consent and sends a new confirmation', async () => {
      await gw.client().functions.invoke('newsletter-subscription', { body: { email: 'thandi@example.com' } })
      const [first] = await subscribers(gw)
      await gw.app.request(
        unsubscribePath((await confirmationMails(gw, 'thandi@example.com'))[0].text_body),
        {
          method: 'POST',
        },
      )
      await new Promise((r) => setTimeout(r, 20))

      const { data, error } = await gw.client().functions.invoke('newsletter-subscription', {
        body: { email: 'THANDI@example.com', source: 'homepage' },
      })
      expect(error).toBeNull()
      expect(data).toEqual({ success: true })
      const rows = await subscribers(gw)
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatchObject({ status: 'pending', source: 'homepage', unsubscribed_at: null })
      expect(new Date(rows[0].consented_at).getTime()).toBeGreaterThan(new Date(first.consented_at).getTime())
      expect(await confirmationMails(gw, 'thandi@example.com')).toHaveLength(2)
    })

    it('is open to visitors and to signed-in users alike', async () => {
      const token = await signToken(userClaims(DEMO.tenantB), gw.keys.jwtSecret)
      const { error } = await gw.client({ accessToken: token }).functions.invoke('newsletter-subscription', {
        body: { email: 'tenant.b@genesis-centre.test' },
      })
      expect(error).toBeNull()
      expect(await subscribers(gw)).toHaveLength(1)
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

    it('delivers the confirmation with a one-click List-Unsubscribe that unsubscribes', async () => {
      const { error } = await gw.client().functions.invoke('newsletter-subscription', {
        body: { email: 'Refilwe@Example.com' },
      })
      expect(error).toBeNull()
      const [mail] = await sink.waitFor(1)
      expect(mail.envelopeTo).toEqual(['refilwe@example.com'])
      expect(mail.subject).toBe('Please confirm your subscription to Genesis Centre news')
      expect(mail.text).toContain('Please confirm your subscription')
      expect(mail.html).toContain('Genesis Centre')
      expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
      const link = /^<(.+)>$/.exec(mail.headers.get('list-unsubscribe') ?? '')?.[1]
      expect(link).toBeDefined()
      const url = new URL(link ?? '')
      // RFC 8058: the mail client POSTs this body to the link, with no cookies and no key.
      const response = await gw.app.request(`${url.pathname}${url.search}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      })
      expect(response.status).toBe(200)
      expect((await subscribers(gw, 'refilwe@example.com'))[0].status).toBe('unsubscribed')
    })
  })

  describe('over a real loopback socket', () => {
    it('subscribes through an HTTP server and rate-limits by the socket’s address', async () => {
      const gw = await createTestGateway(driver, { seed: true, env: { FUNCTIONS_RATE_LIMIT: '2' } })
      const server = serve({ fetch: gw.app.fetch, port: 0, hostname: '127.0.0.1' })
      try {
        await new Promise<void>((resolve) => server.once('listening', () => resolve()))
        const { port } = server.address() as AddressInfo
        const client = createClient(`http://127.0.0.1:${port}`, gw.keys.anonKey, {
          auth: { persistSession: false, autoRefreshToken: false },
        })
        for (const email of ['socket.one@example.com', 'socket.two@example.com']) {
          const { data, error } = await client.functions.invoke('newsletter-subscription', {
            body: { email },
          })
          expect(error).toBeNull()
          expect(data).toEqual({ success: true })
        }
        const { error } = await client.functions.invoke('newsletter-subscription', {
          body: { email: 'socket.three@example.com' },
        })
        expect(error).toBeInstanceOf(FunctionsHttpError)
        const response = (error as FunctionsHttpError).context as Response
        expect(response.status).toBe(429)
        expect(response.headers.get('access-control-expose-headers')).toContain('Retry-After')
        expect(await subscribers(gw, 'socket.three@example.com')).toEqual([])
        expect(await subscribers(gw, 'socket.two@example.com')).toHaveLength(1)
      } finally {
        await new Promise((resolve) => server.close(resolve))
        await gw.close()
      }
    })
  })

  describe('when the mail server is down', () => {
    it('keeps the subscription (consent recorded) and answers success; the outbox records the failure', async () => {
      const gw = await createTestGateway(driver, {
        seed: true,
        env: { ...ENV, SMTP_URL: await closedSmtpUrl() },
      })
      try {
        const { data, error } = await gw.client().functions.invoke('newsletter-subscription', {
          body: { email: 'offline@example.com' },
        })
        expect(error).toBeNull()
        expect(data).toEqual({ success: true })
        expect(await subscribers(gw, 'offline@example.com')).toMatchObject([{ status: 'pending' }])
        const { rows } = await gw.db.query<{ status: string; error: string | null }>(
          `select status, error from private.mail_outbox where category = 'newsletter-confirmation'`,
        )
        expect(rows).toHaveLength(1)
        expect(rows[0].status).toBe('failed')
        expect(rows[0].error).toMatch(/ECONNREFUSED|connect/i)
      } finally {
        await gw.close()
      }
    })
  })
})
