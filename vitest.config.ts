import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'bot/**/*.test.ts', 'db/**/*.test.ts', 'test/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    globalSetup: ['test/helpers/global-setup.ts', 'test/helpers/global-postgres.ts'],
  },
});
