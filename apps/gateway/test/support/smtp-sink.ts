import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

/** One message as the SMTP server received it, with the MIME parts decoded. */
export interface ReceivedMail {
  envelopeFrom: string
  envelopeTo: string[]
  headers: Map<string, string>
  subject: string
  text: string
  html: string
  raw: string
}

export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>?tls=off`, for SMTP_URL. */
  url: string
  messages: ReceivedMail[]
  /** Waits until `count` messages have arrived (SMTP delivery completes before the reply, but be safe). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>
  close(): Promise<void>
}

/**
 * A real SMTP server on loopback that keeps what it receives, so tests see exactly what a mail
 * server would: envelope, headers and both bodies. `reject` makes it refuse every message with
 * that reply (a mailbox full, a relay denied…); `rejectRecipient` refuses only the messages to the
 * addresses it answers for.
 */
export async function startSmtpSink(
  options: { reject?: string; rejectRecipient?: (address: string) => string | undefined } = {},
): Promise<SmtpSink> {
  const messages: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const refusal =
          options.reject ??
          session.envelope.rcptTo.map((r) => options.rejectRecipient?.(r.address)).find(Boolean)
        if (refusal) {
          const error = Object.assign(new Error(refusal), { responseCode: 550 })
          callback(error)
          return
        }
        const raw = Buffer.concat(chunks).toString('utf8')
        const from = session.envelope.mailFrom
        messages.push({
          ...parseMime(raw),
          raw,
          envelopeFrom: from ? from.address : '',
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}?tls=off`,
    messages,
    async waitFor(count, timeoutMs = 5000) {
      const started = Date.now()
      while (messages.length < count) {
        if (Date.now() - started > timeoutMs)
          throw new Error(`expected ${count} mails, got ${messages.length}`)
        await new Promise((r) => setTimeout(r, 20))
      }
      return messages
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** A port nothing listens on: connecting is refused at once (SMTP "down"). */
export async function closedSmtpUrl(): Promise<string> {
  const sink = await startSmtpSink()
  await sink.close()
  return sink.url
}

function splitHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>()
  const unfolded = block.replace(/\r?\n[ \t]+/g, ' ')
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  return headers
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'quoted-printable': {
      const bytes = body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
      return Buffer.from(bytes, 'latin1').toString('utf8')
    }
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
    default:
      return body
  }
}

/** Enough MIME for nodemailer's output: one level of multipart/alternative, QP or base64 parts. */
function parseMime(raw: string): {
  headers: Map<string, string>
  subject: string
  text: string
  html: string
} {
  const split = raw.search(/\r?\n\r?\n/)
  const headers = splitHeaders(raw.slice(0, split))
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '')
  let text = ''
  let html = ''
  const contentType = headers.get('content-type') ?? 'text/plain'
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1]
  const parts = boundary
    ? body
        .split(`--${boundary}`)
        .slice(1)
        .filter((p) => !p.startsWith('--'))
        .map((p) => {
          const at = p.search(/\r?\n\r?\n/)
          return {
            headers: splitHeaders(p.slice(0, at)),
            body: p
              .slice(at)
              .replace(/^\r?\n\r?\n/, '')
              .replace(/\r?\n$/, ''),
          }
        })
    : [{ headers, body }]
  for (const part of parts) {
    const type = part.headers.get('content-type') ?? 'text/plain'
    const decoded = decodeBody(part.body, part.headers.get('content-transfer-encoding'))
    if (type.startsWith('text/html')) html = decoded
    else if (type.startsWith('text/plain')) text = decoded
  }
  return { headers, subject: headers.get('subject') ?? '', text, html }
}
