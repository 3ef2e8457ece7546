import { ConfigError, loadConfig } from '../config.ts'
import { loadOrCreateKeys } from '../keys.ts'

/**
 * `npm run keys`: the anon and service-role keys the gateway uses with these settings (derived from
 * JWT_SECRET, or read from `$DATA_DIR/keys.json`, generated there first if missing), checked as at
 * start-up. For the first admin account, scripts and a rotation (README "Production").
 */
try {
  const config = loadConfig()
  const keys = await loadOrCreateKeys(config.dataDir, config)
  console.log(`ANON_KEY=${keys.anonKey}`)
  console.log(`SERVICE_ROLE_KEY=${keys.serviceRoleKey}`)
} catch (error) {
  if (!(error instanceof ConfigError)) throw error
  console.error(error.message)
  process.exit(1)
}
