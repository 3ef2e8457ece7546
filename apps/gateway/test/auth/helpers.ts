import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '../../src/database/types.ts'
import { TEST_URL, type TestGateway } from '../support/gateway.ts'

/**
 * A supabase-js client whose auth keeps its session in memory (like a browser tab) and sends
 * every request to the in-process gateway.
 */
export function authClient(gw: TestGateway, options: { key?: string } = {}): SupabaseClient {
  return createClient(TEST_URL, options.key ?? gw.keys.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: async (input, init) => gw.app.fetch(new Request(input, init)) },
  })
}

/** The admin API of the client, with the service-role key. */
export function serviceClient(gw: TestGateway): SupabaseClient {
  return authClient(gw, { key: gw.keys.serviceRoleKey })
}

export interface ReceivedMail {
  subject: string
  text: string
  category: string
  code: string | undefined
  /** The /verify link, as a path and query on the gateway. */
  link: string | undefined
}

/**
 * The newest auth mail to `to` (optionally of one category). Auth mails are sent after the answer,
 * so this waits briefly for the outbox to show it; `after` skips mails already read.
 */
export async function readMail(
  db: Database,
  to: string,
  options: { category?: string; after?: number; timeoutMs?: number } = {},
): Promise<ReceivedMail & { seq: number }> {
  const deadline = Date.now() + (options.timeoutMs ?? 3000)
  for (;;) {
    const { rows } = await db.query<{ subject: string; text_body: string; category: string; seq: string }>(
      `select subject, text_body, category, extract(epoch from created_at) * 1000000 as seq
       from private.mail_outbox
       where $1 = any(to_addresses) and ($2::text is null or category = $2)
         and extract(epoch from created_at) * 1000000 > $3
       order by created_at desc limit 1`,
      [to, options.category ?? null, options.after ?? 0],
    )
    const row = rows[0]
    if (row) {
      const link = /https?:\/\/\S+?(\/auth\/v1\/verify\?\S+)/.exec(row.text_body)?.[1]
      return {
        subject: row.subject,
        text: row.text_body,
        category: row.category,
        code: /code: (\d{6})/.exec(row.text_body)?.[1],
        link,
        seq: Number(row.seq),
      }
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} (${options.category ?? 'any'})`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

/** How many mails went to `to`, once the mails the gateway sends in the background have settled. */
export async function countMails(gw: TestGateway, to: string): Promise<number> {
  await gw.deps.background.settled()
  const { rows } = await gw.db.query<{ n: number }>(
    `select count(*)::int as n from private.mail_outbox where $1 = any(to_addresses)`,
    [to],
  )
  return rows[0].n
}

/** The audit actions recorded for a user, oldest first. */
export async function auditActions(db: Database, actorId: string): Promise<string[]> {
  const { rows } = await db.query<{ action: string }>(
    `select payload->>'action' as action from auth.audit_log_entries
     where payload->>'actor_id' = $1 or payload->'traits'->>'user_id' = $1 order by created_at`,
    [actorId],
  )
  return rows.map((r) => r.action)
}

/** Parses the fragment of a /verify redirect. */
export function fragmentOf(location: string): URLSearchParams {
  return new URLSearchParams(new URL(location).hash.slice(1))
}

export const DEMO_PASSWORDS = {
  admin: 'Admin-demo-2024!',
  tenantA: 'Tenant-A-demo-2024!',
  tenantB: 'Tenant-B-demo-2024!',
} as const

/** A raw auth request as the client would send it (project key, API version header). */
export function authRequest(
  gw: TestGateway,
  path: string,
  init: { method?: string; body?: unknown; bearer?: string; key?: string } = {},
): Promise<Response> {
  const key = init.key ?? gw.keys.anonKey
  return Promise.resolve(
    gw.app.request(`/auth/v1${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: {
        apikey: key,
        authorization: `Bearer ${init.bearer ?? key}`,
        'content-type': 'application/json;charset=UTF-8',
        'x-supabase-api-version': '2024-01-01',
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    }),
  )
}

/** One refresh-token grant; returns status and body. */
export async function refresh(gw: TestGateway, token: string) {
  const res = await authRequest(gw, '/token?grant_type=refresh_token', { body: { refresh_token: token } })
  return {
    status: res.status,
    body: (await res.json()) as Record<string, unknown> & {
      refresh_token?: string
      access_token?: string
      code?: string
    },
  }
}
