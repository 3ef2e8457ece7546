import { defineConfig, devices } from '@playwright/test'

const port = Number(process.env.E2E_PORT ?? 4318)
export const baseURL = `http://localhost:${port}`

// The system Chromium (Debian's package); Playwright never downloads a browser here.
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
}

export default defineConfig({
  testDir: 'e2e/specs',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  timeout: 30_000,
  use: {
    baseURL,
    launchOptions: chromium,
    trace: 'retain-on-failure',
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions: chromium } }],
  webServer: {
    // A fresh data folder each run: migrations, demo content and keys are created from scratch.
    command: `rm -rf .data/e2e && node apps/gateway/src/main.ts`,
    env: {
      PORT: String(port),
      DATA_DIR: '.data/e2e',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      // Every story signs in from the same address: the per-address limits of a real deployment
      // would stop the suite, not a person.
      AUTH_RATE_LIMIT_SIGN_IN: '10000',
      AUTH_RATE_LIMIT_VERIFY: '10000',
      AUTH_RATE_LIMIT_TOKEN_REFRESH: '10000',
      AUTH_RATE_LIMIT_EMAIL: '10000',
      // Stories send several mails to the demo accounts within a minute; the per-recipient
      // cooldown has its own test (apps/gateway/test/attack/mail-bombing-and-enumeration.test.ts).
      AUTH_SMTP_MAX_FREQUENCY_SECONDS: '0',
    },
    url: `${baseURL}/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
