import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import type { Hono } from 'hono'
import pino from 'pino'
import { createApp } from '../../src/app.ts'
import { createDiskBlobStore } from '../../src/blob-store/disk-blob-store.ts'
import { type Config, loadConfig } from '../../src/config.ts'
import { applySecuritySettings } from '../../src/database/security-settings.ts'
import type { Deps } from '../../src/deps.ts'
import { type Keys, keysFromSecret } from '../../src/keys.ts'
import { createMailer, type Mailer } from '../../src/mail/mailer.ts'
import { createTestDatabase, type Driver, type TestDatabase } from './database.ts'

export const TEST_JWT_SECRET = 'test-secret-of-the-genesis-gateway-0123456789'
export const TEST_URL = 'http://gateway.test'

export interface TestGateway {
  app: Hono
  deps: Deps
  db: TestDatabase
  keys: Keys
  config: Config
  /** A supabase-js client whose requests go to the in-process app (no socket). */
  client(options?: { key?: string; accessToken?: string }): SupabaseClient
  close(): Promise<void>
}

/**
 * The gateway on a fresh database, for integration tests driven by the real supabase-js client.
 * `env` overrides settings (e.g. `{ AUTH_AUTOCONFIRM: 'true' }`); `mailer` replaces the outbox.
 */
export async function createTestGateway(
  driver: Driver,
  options: { seed?: boolean; env?: Record<string, string>; mailer?: Mailer } = {},
): Promise<TestGateway> {
  const db = await createTestDatabase(driver, { seed: options.seed })
  const config = loadConfig({
    DATA_DIR: '.data/test',
    SITE_URL: TEST_URL,
    LOG_LEVEL: 'silent',
    ...options.env,
  })
  // As main.ts does at start-up: the settings RLS reads come from the environment.
  await applySecuritySettings(db, config)
  const keys = await keysFromSecret(TEST_JWT_SECRET)
  const logger = pino({ level: 'silent' })
  // SMTP_URL in `env` delivers to that server (e.g. a loopback smtp-server); otherwise the outbox.
  const mailer =
    options.mailer ??
    createMailer({ db, logger, from: config.MAIL_FROM, smtpUrl: config.SMTP_URL, timeoutMs: 3000 })
  const deps: Deps = { config, db, keys, logger, mailer, blobStore: createDiskBlobStore(config.storageDir) }
  const app = createApp(deps)
  const fetchInProcess: typeof fetch = async (input, init) => app.fetch(new Request(input, init))
  return {
    app,
    deps,
    db,
    keys,
    config,
    client(clientOptions = {}) {
      return createClient(TEST_URL, clientOptions.key ?? keys.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        global: {
          fetch: fetchInProcess,
          headers: clientOptions.accessToken ? { Authorization: `Bearer ${clientOptions.accessToken}` } : {},
        },
      })
    },
    close: () => db.close(),
  }
}
