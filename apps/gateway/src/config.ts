import { RETENTION_DEFAULT_DAYS as KEEP } from '@genesis/contracts/retention'
import { z } from 'zod'
import { pgliteWorkerFor } from './database/pglite-worker-setting.ts'
import { FALSE_WORDS, isTrueWord, TRUE_WORDS } from './setting-words.ts'

const bool = z.enum([...TRUE_WORDS, ...FALSE_WORDS]).transform(isTrueWord)
const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max)
/** TRUST_PROXY: a count of proxies; `true` is one, `false` none (decision 036). */
const proxyCount = z
  .string()
  .regex(/^(true|false|yes|no|on|off|\d{1,2})$/, { error: 'not true, false or a number of proxies' })
  .transform((v) => (/^\d+$/.test(v) ? Number(v) : ['true', 'yes', 'on'].includes(v) ? 1 : 0))
  .pipe(z.number().int().min(0).max(10))
const optional = z
  .string()
  .optional()
  .transform((v) => (v === '' ? undefined : v))

/**
 * Every setting of the gateway, read from the environment (docs/product/README.md §7). Each has a working
 * default for `npm start` on one machine; production sets DATABASE_URL, SITE_URL, SMTP_URL, keys,
 * and SEED_DEMO=false.
 */
const EnvSchema = z.object({
  PORT: int(0, 65535).default(8080),
  // An address or a host name to listen on (127.0.0.1 behind a proxy on the same machine).
  HOST: z
    .union([z.ipv4(), z.ipv6(), z.hostname()], { error: 'not an IP address or host name' })
    .default('0.0.0.0'),
  // Behind reverse proxies: how many (true: one). The client's address is the X-Forwarded-For
  // value that many from the right (rate limits, lock-outs, audit log), the request's protocol the
  // first X-Forwarded-Proto (HSTS); with none (false, the default) both headers are ignored.
  TRUST_PROXY: proxyCount.default(0),
  // Strict-Transport-Security on answers to https requests (security-headers.ts); 0 sends none.
  HSTS_MAX_AGE_SECONDS: int(0, 63_072_000).default(31_536_000),
  HSTS_INCLUDE_SUBDOMAINS: bool.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: optional.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  // Connections one gateway keeps for requests (LISTEN connections for realtime come on top).
  DATABASE_POOL_SIZE: int(1, 1000).default(10),
  // The embedded database (PGlite, without DATABASE_URL): its shared_buffers in MB (decision 032).
  PGLITE_SHARED_BUFFERS_MB: int(1, 4096).default(8),
  // PGlite in a worker thread of its own when the machine has more than one core (decisions 071, 077).
  PGLITE_WORKER: z.enum(['auto', ...TRUE_WORDS, ...FALSE_WORDS]).default('auto'),
  STORAGE_DIR: optional,
  SITE_URL: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
  ADDITIONAL_REDIRECT_URLS: z.string().default(''),
  SEED_DEMO: bool.default(true),
  // With no web build (apps/web/dist), `npm start` builds the web app once before listening; false
  // starts the API alone (pages answer 503 until a build exists), as tests of the process do.
  WEB_BUILD_ON_START: bool.default(true),
  // Keys: generated once into the data folder unless given here.
  JWT_SECRET: optional.pipe(z.string().min(32).optional()),
  // Rotation: the secret being replaced, still accepted for verification (never used to sign).
  JWT_SECRET_PREVIOUS: optional.pipe(z.string().min(32).optional()),
  // As short as 5 s, so a test can watch sessions refresh many times in a minute.
  JWT_EXPIRY: int(5, 604800).default(3600),
  ANON_KEY: optional,
  SERVICE_ROLE_KEY: optional,
  // Mail: SMTP when set, otherwise the outbox table.
  SMTP_URL: optional.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: z
    .string()
    .regex(/^(?:[^<>]*<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/, {
      message: 'not an address (name@domain, or Name <name@domain>)',
    })
    .default('Genesis Centre <no-reply@genesis-centre.test>'),
  SMTP_TIMEOUT_MS: int(100, 600_000).default(10_000),
  // Request bodies: JSON bodies are refused past these (413 / 400) before they are held whole.
  JSON_BODY_LIMIT_BYTES: int(1024, 64 * 1024 * 1024).default(2 * 1024 * 1024),
  REST_BODY_LIMIT_BYTES: int(1024, 1024 * 1024 * 1024).default(10 * 1024 * 1024),
  JSON_MAX_DEPTH: int(2, 1000).default(64),
  // REST
  DB_SCHEMAS: z.string().default('public'),
  DB_MAX_ROWS: z.coerce.number().int().positive().optional(),
  // Aggregate functions in `select` (PostgREST's db-aggregates-enabled): off, as upstream.
  DB_AGGREGATES_ENABLED: bool.default(false),
  // Auth policies (GoTrue's settings, safe defaults)
  AUTH_DISABLE_SIGNUP: bool.default(false),
  AUTH_AUTOCONFIRM: bool.default(false),
  AUTH_ANONYMOUS_SIGNINS: bool.default(false),
  AUTH_PASSWORD_MIN_LENGTH: int(6, 72).default(8),
  AUTH_PASSWORD_CHECK_COMMON: bool.default(true),
  AUTH_SECURE_PASSWORD_CHANGE: bool.default(false),
  AUTH_REFRESH_REUSE_INTERVAL: int(0, 3600).default(10),
  AUTH_MFA_MAX_FACTORS: int(1, 50).default(10),
  // Admins reach admin data only with an aal2 token (an enrolled factor, presented at sign-in).
  // Written into the database at start-up (private.security_settings), where RLS reads it.
  AUTH_MFA_REQUIRED_FOR_ADMINS: bool.default(true),
  AUTH_RATE_LIMIT_SIGN_IN: int(1, 100000).default(30),
  AUTH_RATE_LIMIT_VERIFY: int(1, 100000).default(30),
  AUTH_RATE_LIMIT_EMAIL: int(1, 100000).default(30),
  AUTH_RATE_LIMIT_TOKEN_REFRESH: int(1, 100000).default(150),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: int(1, 86400).default(300),
  // Password guessing (services/auth/sign-in-guard.ts), per window: AUTH_RATE_LIMIT_SIGN_IN failures
  // per (account, address) and these per address and in total block that address (the owner's
  // own address is slowed down instead); failures for one account from everywhere slow it down.
  AUTH_SIGN_IN_FAILURES_PER_ADDRESS: int(1, 1_000_000).default(100),
  AUTH_SIGN_IN_FAILURES_PER_ACCOUNT: int(1, 1_000_000).default(50),
  AUTH_SIGN_IN_GLOBAL_FAILURES: int(1, 10_000_000).default(1000),
  AUTH_SIGN_IN_SLOWDOWN_MS: int(0, 60_000).default(1500),
  // GoTrue's SMTP max_frequency: at most one recovery, magic-link, OTP or confirmation mail per
  // address in this many seconds, whether or not the address has an account (0 turns it off).
  AUTH_SMTP_MAX_FREQUENCY_SECONDS: int(0, 86400).default(60),
  // Storage: stored files on this machine's disk (STORAGE_DIR) or in an S3-compatible bucket
  // (decision 028); with s3, the endpoint, bucket and keys are required and checked here.
  STORAGE_BACKEND: z.enum(['disk', 's3']).default('disk'),
  STORAGE_S3_ENDPOINT: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
  STORAGE_S3_BUCKET: optional.pipe(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'not an S3 bucket name')
      .optional(),
  ),
  STORAGE_S3_REGION: z.string().min(1).default('us-east-1'),
  STORAGE_S3_ACCESS_KEY_ID: optional,
  STORAGE_S3_SECRET_ACCESS_KEY: optional,
  // Path-style addressing (endpoint/bucket/key), which MinIO and most self-hosted servers need.
  STORAGE_S3_FORCE_PATH_STYLE: bool.default(true),
  STORAGE_FILE_SIZE_LIMIT: int(1, 5 * 1024 ** 3).default(50 * 1024 * 1024),
  // Public forms
  FUNCTIONS_RATE_LIMIT: int(1, 100000).default(10),
  FUNCTIONS_RATE_LIMIT_WINDOW_SECONDS: int(1, 86400).default(60),
  // Enquiry acknowledgements to one visitor address per rolling 24 hours; further enquiries are
  // still stored and sent to the team, only the acknowledgement is skipped.
  ENQUIRY_ACK_DAILY_LIMIT: int(0, 10000).default(5),
  // Functions (docs/protocol/functions.md §5): the folder of function folders (default: the
  // repository's supabase/functions), how long a function may take to start answering (504), and
  // the wall-clock limit at which it is stopped even while it streams (546), as on Supabase.
  FUNCTIONS_DIR: optional,
  FUNCTIONS_IDLE_TIMEOUT_MS: int(100, 3_600_000).default(150_000),
  FUNCTIONS_WALL_CLOCK_LIMIT_MS: int(100, 3_600_000).default(400_000),
  // Monitoring ingestion (/api): requests per client address and window. Generous, because every
  // shopper on the centre's WiFi shares one address and each page sends several reports.
  MONITORING_RATE_LIMIT: int(1, 1000000).default(600),
  MONITORING_RATE_LIMIT_WINDOW_SECONDS: int(1, 86400).default(60),
  // Retention (POPIA s14; services/privacy/retention.ts): days each kind of personal information is
  // kept (0 keeps it for ever), how often the job runs, and how many rows one batch removes.
  RETENTION_ENQUIRIES_DAYS: int(0, 36500).default(KEEP.enquiries),
  RETENTION_MONITORING_EVENTS_DAYS: int(0, 36500).default(KEEP.monitoring_events),
  RETENTION_MONITORING_ERRORS_DAYS: int(0, 36500).default(KEEP.monitoring_errors),
  RETENTION_MAIL_BODIES_DAYS: int(0, 36500).default(KEEP.mail_bodies),
  RETENTION_AUDIT_TRAIL_DAYS: int(0, 36500).default(KEEP.audit_trail),
  RETENTION_UNCONFIRMED_SUBSCRIBERS_DAYS: int(0, 36500).default(KEEP.unconfirmed_subscribers),
  // Minutes between runs (0: the job does not run); the first run is a minute after start-up.
  RETENTION_INTERVAL_MINUTES: int(0, 10080).default(60),
  RETENTION_BATCH_SIZE: int(1, 100_000).default(1000),
  // Newsletters (issue 14): the gateway's worker sends queued deliveries in batches of
  // NEWSLETTER_BATCH_SIZE with NEWSLETTER_BATCH_PAUSE_MS between batches, looks for new work every
  // NEWSLETTER_POLL_MS, holds a claimed batch for NEWSLETTER_LEASE_SECONDS (a crashed worker's
  // claims return to the queue after it), and retries a failed delivery up to
  // NEWSLETTER_MAX_ATTEMPTS times, waiting NEWSLETTER_RETRY_SECONDS (doubling) in between.
  NEWSLETTER_WORKER: bool.default(true),
  // No pause by default: a pause throttles the worker for a provider with a rate limit, and a
  // 10,000-address list at 50 per second-long pause spent over three minutes asleep (npm run bench).
  NEWSLETTER_BATCH_SIZE: int(1, 10_000).default(100),
  NEWSLETTER_BATCH_PAUSE_MS: int(0, 3_600_000).default(0),
  NEWSLETTER_POLL_MS: int(50, 3_600_000).default(2000),
  NEWSLETTER_LEASE_SECONDS: int(1, 86_400).default(300),
  NEWSLETTER_MAX_ATTEMPTS: int(1, 20).default(3),
  NEWSLETTER_RETRY_SECONDS: int(1, 86_400).default(60),
  // Realtime: a socket silent for longer than this is dropped (the client beats every 25 s).
  REALTIME_HEARTBEAT_TIMEOUT_MS: int(100, 3_600_000).default(60_000),
  REALTIME_MAX_CONNECTIONS_PER_IP: int(1, 1_000_000).default(200),
  REALTIME_MAX_CHANNELS_PER_CONNECTION: int(1, 10_000).default(100),
  REALTIME_MAX_MESSAGE_BYTES: int(1024, 16 * 1024 * 1024).default(1024 * 1024),
  // Several gateways on one PostgreSQL (decision 026): each announces itself this often; one not
  // heard from for three beats is gone, and its clients' presence leaves.
  REALTIME_INSTANCE_BEAT_MS: int(50, 600_000).default(5000),
  // Backups (docs/decisions/027): hours between archives written by the gateway itself (0: none),
  // the folder they go to (default: backups beside the data folder), and how many are kept.
  BACKUP_SCHEDULE_HOURS: int(0, 8760).default(0),
  BACKUP_DIR: optional,
  BACKUP_KEEP: int(1, 1000).default(7),
})

export type Env = z.infer<typeof EnvSchema>

/** The name of every setting the gateway reads (the docs may name no other). */
export const SETTING_NAMES: readonly string[] = Object.keys(EnvSchema.shape)

/** Where the S3 blob store writes, when STORAGE_BACKEND=s3. */
export interface S3Settings {
  endpoint: string
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
  forcePathStyle: boolean
}

/** The S3 settings, each required once STORAGE_BACKEND=s3 (checked by `loadConfig`). */
function s3SettingsOf(values: Env): S3Settings | undefined {
  if (values.STORAGE_BACKEND !== 's3') return undefined
  const need = (name: keyof Env, value: string | undefined): string => {
    if (!value)
      throw new ConfigError(`Missing environment variable ${name}: required when STORAGE_BACKEND=s3`)
    return value
  }
  return {
    endpoint: need('STORAGE_S3_ENDPOINT', values.STORAGE_S3_ENDPOINT),
    bucket: need('STORAGE_S3_BUCKET', values.STORAGE_S3_BUCKET),
    region: values.STORAGE_S3_REGION,
    accessKeyId: need('STORAGE_S3_ACCESS_KEY_ID', values.STORAGE_S3_ACCESS_KEY_ID),
    secretAccessKey: need('STORAGE_S3_SECRET_ACCESS_KEY', values.STORAGE_S3_SECRET_ACCESS_KEY),
    forcePathStyle: values.STORAGE_S3_FORCE_PATH_STYLE,
  }
}

export interface Config extends Env {
  /** Where PGlite data, keys and stored files live (absolute). */
  dataDir: string
  storageDir: string
  /** Where `npm run backup` and the schedule write archives (absolute). */
  backupDir: string
  /** The bucket stored files go to when STORAGE_BACKEND=s3; undefined with the disk backend. */
  s3: S3Settings | undefined
  /** The folder of function folders when FUNCTIONS_DIR is set (absolute); else the workspace's. */
  functionsDir: string | undefined
  /** The public origin of the site and the gateway. */
  siteUrl: string
  /** Allowed `redirect_to` prefixes for auth links. */
  redirectUrls: string[]
  schemas: string[]
  /** PGLITE_WORKER resolved (`auto`, the default: a worker thread when the machine has more than one core). */
  pgliteWorker: boolean
}

export class ConfigError extends Error {}

/** Parses the environment; a bad value stops start-up with one line naming the variable. */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  cwd = process.cwd(),
): Config {
  const parsed = EnvSchema.safeParse(env)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const name = issue.path.join('.')
    throw new ConfigError(
      `Invalid environment variable ${name}=${JSON.stringify(env[name] ?? '')}: ${issue.message}`,
    )
  }
  const values = parsed.data
  // Auth links may only lead to these (prefix match on origin and path): one that is not an http(s)
  // URL would never match, and the link would silently go to SITE_URL instead.
  const redirectUrls = values.ADDITIONAL_REDIRECT_URLS.split(',')
    .map((u) => u.trim())
    .filter(Boolean)
  const notUrl = redirectUrls.find((u) => !/^https?:$/.test(URL.parse(u)?.protocol ?? ''))
  if (notUrl !== undefined) {
    throw new ConfigError(
      `Invalid environment variable ADDITIONAL_REDIRECT_URLS=${JSON.stringify(env.ADDITIONAL_REDIRECT_URLS ?? '')}: ${JSON.stringify(notUrl)} is not an http(s) URL`,
    )
  }
  const resolve = (p: string) =>
    new URL(p, `file://${cwd.endsWith('/') ? cwd : `${cwd}/`}`).pathname.replace(/\/$/, '')
  const dataDir = resolve(values.DATA_DIR)
  const siteUrl = (values.SITE_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, '')
  return {
    ...values,
    dataDir,
    storageDir: values.STORAGE_DIR ? resolve(values.STORAGE_DIR) : `${dataDir}/storage`,
    backupDir: values.BACKUP_DIR ? resolve(values.BACKUP_DIR) : `${dataDir}-backups`,
    s3: s3SettingsOf(values),
    functionsDir: values.FUNCTIONS_DIR ? resolve(values.FUNCTIONS_DIR) : undefined,
    siteUrl,
    redirectUrls: [siteUrl, ...redirectUrls],
    schemas: values.DB_SCHEMAS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    pgliteWorker: pgliteWorkerFor(values.PGLITE_WORKER),
  }
}
