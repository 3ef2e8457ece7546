import type { CentreContacts } from '@genesis/contracts/centre-settings'
import type { EmailContent } from '@genesis/contracts/email-content'

/**
 * What a function is built from (docs/decisions/004-functions-as-fetch-handlers.md). Everything a
 * function touches outside its own request arrives here, so the same module runs in the gateway
 * and, with a small adapter that builds this object, as a Supabase Edge Function.
 */
export interface FunctionContext {
  /**
   * Runs `fn` in one transaction as the `service_role` database role (RLS bypassed). Functions
   * reach the database only this way, so every privileged statement is visibly privileged.
   */
  withServiceRole<T>(fn: (sql: SqlClient) => Promise<T>): Promise<T>
  /**
   * Runs `fn` in one transaction as the caller of `req`: the role and claims of the verified JWT
   * in its `Authorization` header (anon without one), so that RLS and the database's own
   * predicates decide what the caller may do, exactly as for a REST request with that token.
   * Rejects with {@link CallerRefused} when the header holds a token that does not verify.
   */
  withCaller<T>(req: Request, fn: (sql: SqlClient) => Promise<T>): Promise<T>
  /**
   * One request to this project's auth API (`/auth/v1<path>`, GoTrue's protocol) made with the
   * service role key, e.g. `authAdmin('/admin/users/<id>', { method: 'PUT', body })`. On Supabase
   * this is a fetch of `${SUPABASE_URL}/auth/v1<path>` with SUPABASE_SERVICE_ROLE_KEY; the key itself
   * is never handed to the function. Only call it after the database has said the caller may.
   */
  authAdmin(path: string, init?: { method?: string; body?: unknown }): Promise<Response>
  /** The centre's name, address, phone and mail addresses (`centre_settings`). */
  centreContacts(): Promise<CentreContacts>
  /** Sends one mail; never throws for a delivery failure, which is returned as `ok: false`. */
  sendMail(message: OutgoingMail): Promise<MailOutcome>
  /** Renders a message in the centre's layout (HTML and text). */
  renderEmail(content: EmailContent, centre: CentreContacts): { html: string; text: string }
  config: {
    /** Public origin of the site, e.g. https://genesis-centre.co.za (no trailing slash). */
    siteUrl: string
    /** Public base URL of the functions, e.g. https://genesis-centre.co.za/functions/v1. */
    functionsUrl: string
    /**
     * Acknowledgement mails one visitor address may receive per rolling 24 hours
     * (ENQUIRY_ACK_DAILY_LIMIT); beyond it an enquiry is still stored and sent to the team.
     */
    enquiryAcknowledgementsPerDay: number
  }
  logger: FunctionLogger
}

/** The `Authorization` header of a request held a token that is not valid (bad signature, expired). */
export class CallerRefused extends Error {
  readonly reason: string
  constructor(reason: string) {
    super(reason)
    this.name = 'CallerRefused'
    this.reason = reason
  }
}

/** One parameterised statement at a time; rows come back as plain objects. */
export interface SqlClient {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>
}

export interface OutgoingMail {
  to: string | string[]
  subject: string
  text: string
  html: string
  replyTo?: string
  /** What kind of mail this is, recorded in the outbox (enquiry, newsletter-confirmation, …). */
  category: string
  headers?: Record<string, string>
}

export type MailOutcome =
  | { ok: true; id: string; transport: 'smtp' | 'outbox' }
  | { ok: false; id: string; providerMessage: string }

export interface FunctionLogger {
  info(details: object, message: string): void
  warn(details: object, message: string): void
  error(details: object, message: string): void
}

/** A function: a standard fetch handler made from its context. */
export type FunctionHandler = (req: Request) => Promise<Response>
export type CreateFunction = (ctx: FunctionContext) => FunctionHandler

/**
 * What the gateway's runner enforces for one function beyond `verify_jwt` (which is in
 * supabase/config.toml, as for the Supabase CLI): an optional `export const limits` of the
 * function's index.ts (docs/protocol/functions.md §5). A Supabase deployment ignores it.
 */
export interface FunctionLimits {
  /** Per client address, FUNCTIONS_RATE_LIMIT requests per window for methods that change something. */
  rateLimited?: boolean
  /** The largest request body, counted while it streams (default 1 MiB): 413 past it. */
  maxBodyBytes?: number
  /** How long the function may take to start its response (default FUNCTIONS_IDLE_TIMEOUT_MS): 504 past it. */
  timeoutMs?: number
}

/**
 * What a function folder's index.ts default-exports: `create(ctx)` returning the handler, or a
 * plain handler object (`export default { fetch }`, as Deno serves it) for a function that needs
 * no context.
 */
export type FunctionModule = CreateFunction | { fetch: (req: Request) => Response | Promise<Response> }
