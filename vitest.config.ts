import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'gateway',
          include: [
            'apps/gateway/**/*.test.ts',
            'packages/**/*.test.ts',
            'supabase/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
          globalSetup: ['apps/gateway/test/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        extends: 'apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
        },
      },
    ],
  },
})
