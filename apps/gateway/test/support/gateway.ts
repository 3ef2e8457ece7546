import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import type { Hono } from 'hono'
import { createApp, type Gateway } from '../../src/app.ts'
import { openBlobStore } from '../../src/blob-store/open-blob-store.ts'
import { type Config, loadConfig } from '../../src/config.ts'
import { applySecuritySettings } from '../../src/database/security-settings.ts'
import { createDeps, type Deps } from '../../src/deps.ts'
import type { GatewayEnv } from '../../src/http/gateway-env.ts'
import { type Keys, keysFromSecret } from '../../src/keys.ts'
import type { Mailer } from '../../src/mail/mailer.ts'
import { createTestDatabase, type Driver, type TestDatabase } from './database.ts'

export const TEST_JWT_SECRET = 'test-secret-of-the-genesis-gateway-0123456789'
export const TEST_URL = 'http://gateway.test'

export interface TestGateway {
  app: Hono<GatewayEnv>
  /** The built gateway (its `websocket` for a listening server, `stop()`). */
  gateway: Gateway
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
    SMTP_TIMEOUT_MS: '3000',
    ...options.env,
  })
  // As main.ts does at start-up: the settings RLS reads come from the environment.
  await applySecuritySettings(db, config)
  const keys = await keysFromSecret(TEST_JWT_SECRET)
  // SMTP_URL in `env` delivers to that server (e.g. a loopback smtp-server); otherwise the outbox.
  // STORAGE_BACKEND=s3 in `env` stores files in that bucket (the storage tests' s3 backend).
  const blobStore = await openBlobStore(config)
  const deps = createDeps({ config, db, keys, mailer: options.mailer, blobStore })
  const gateway = createApp(deps)
  const { app } = gateway
  const fetchInProcess: typeof fetch = async (input, init) => app.fetch(new Request(input, init))
  return {
    app,
    gateway,
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
    async close() {
      await gateway.stop()
      await db.close()
    },
  }
}
