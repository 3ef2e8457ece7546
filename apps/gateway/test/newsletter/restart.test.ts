import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient } from '@supabase/supabase-js'
import { afterAll, describe, expect, it } from 'vitest'
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink.ts'

/**
 * Issue 14: a send killed half-way and restarted mails nobody twice. Two real gateway processes on
 * one data folder (embedded PGlite), a real SMTP server on loopback; the first is killed with
 * SIGKILL (no chance to tidy up) in the middle of the issue, the second finishes it.
 */
const MAIN = new URL('../../src/main.ts', import.meta.url).pathname
const RECIPIENTS = Array.from({ length: 24 }, (_, i) => `restart${String(i).padStart(2, '0')}@example.com`)

function start(dataDir: string, port: number, smtpUrl: string) {
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      // The API only: these stories never ask for a page, so a fresh clone does not build the web app here.
      WEB_BUILD_ON_START: 'false',
      SMTP_URL: smtpUrl,
      NEWSLETTER_BATCH_SIZE: '3',
      NEWSLETTER_BATCH_PAUSE_MS: '150',
      NEWSLETTER_POLL_MS: '100',
      // A killed worker's claims come back this quickly (the default is minutes).
      NEWSLETTER_LEASE_SECONDS: '2',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (d) => {
    output += d
  })
  child.stderr?.on('data', (d) => {
    output += d
  })
  return { child, output: () => output }
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const value = await probe().catch(() => undefined)
    if (value !== undefined) return value
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`timed out waiting for ${what}`)
}

const exited = (child: ChildProcess) => new Promise<void>((resolve) => child.once('exit', () => resolve()))

describe('a newsletter send killed half-way', () => {
  let sink: SmtpSink
  const children: ChildProcess[] = []
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
    await sink?.close()
  })

  it('is finished by the restarted gateway, and nobody is mailed twice', async () => {
    sink = await startSmtpSink()
    const dataDir = mkdtempSync(join(tmpdir(), 'genesis-newsletter-'))
    const port = 20000 + Math.floor(Math.random() * 20000)
    const url = `http://127.0.0.1:${port}`

    const first = start(dataDir, port, sink.url)
    children.push(first.child)
    const serviceKey = await waitFor('the first gateway', async () => {
      const health = await fetch(`${url}/health`)
      return health.ok ? /Service-role key:\s+(\S+)/.exec(first.output())?.[1] : undefined
    })
    const service = createClient(url, serviceKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    })
    // Only this test's recipients: the demo list leaves first.
    expect(
      (await service.from('newsletter_subscribers').update({ status: 'unsubscribed' }).neq('status', 'x'))
        .error,
    ).toBeNull()
    const inserted = await service.from('newsletter_subscribers').insert(
      RECIPIENTS.map((email) => ({
        email,
        consent_text: 'I agree',
        source: 'homepage',
        status: 'subscribed',
      })),
    )
    expect(inserted.error).toBeNull()
    const draft = await service
      .from('newsletters')
      .insert({ subject: 'Restart-proof news', body: '# News\n\nSent in batches.' })
      .select('id')
      .single()
    expect(draft.error).toBeNull()
    const newsletterId = draft.data?.id as string
    const sent = await service.rpc('send_newsletter', { target: newsletterId })
    expect(sent).toMatchObject({ error: null, data: RECIPIENTS.length })

    // Half-way: killed without warning.
    await sink.waitFor(9, 60_000)
    first.child.kill('SIGKILL')
    await exited(first.child)
    const beforeRestart = sink.messages.length
    expect(beforeRestart).toBeLessThan(RECIPIENTS.length)

    const second = start(dataDir, port, sink.url)
    children.push(second.child)
    const done = await waitFor('the issue to be sent', async () => {
      const { data } = await service.from('newsletters').select('status').eq('id', newsletterId).single()
      return data?.status === 'sent' ? data : undefined
    })
    expect(done.status).toBe('sent')
    expect(sink.messages.length).toBeGreaterThan(beforeRestart)

    const counts = new Map<string, number>()
    for (const m of sink.messages) counts.set(m.envelopeTo[0], (counts.get(m.envelopeTo[0]) ?? 0) + 1)
    // Nobody twice.
    expect([...counts.entries()].filter(([, n]) => n > 1)).toEqual([])

    const { data: rows } = await service
      .from('newsletter_deliveries')
      .select('email,status,error')
      .eq('newsletter_id', newsletterId)
    const deliveries = rows ?? []
    expect(deliveries).toHaveLength(RECIPIENTS.length)
    // Every delivery marked sent went out exactly once. At most the one message in the mail
    // server's hands at the kill is marked failed ("interrupted", never resent automatically).
    for (const d of deliveries.filter((d) => d.status === 'sent'))
      expect(counts.get(d.email), d.email).toBe(1)
    const interrupted = deliveries.filter((d) => d.status !== 'sent')
    expect(interrupted.length).toBeLessThanOrEqual(1)
    for (const d of interrupted) {
      expect(d.status).toBe('failed')
      expect(d.error).toMatch(/Interrupted while sending/)
    }
    // Everyone else got it: the restart resumed where the kill stopped.
    expect(counts.size).toBeGreaterThanOrEqual(RECIPIENTS.length - interrupted.length)

    second.child.kill('SIGTERM')
    await exited(second.child)
    expect(second.output()).toContain('newsletter worker started')
  }, 180_000)
})
