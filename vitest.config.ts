import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  resolve: { alias: { '@core/': `${root}core/` } },
  // tsyringe needs legacy (parameter) decorators, as esbuild compiles them for the bundle.
  oxc: { decorator: { legacy: true, emitDecoratorMetadata: false } } as never,
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['core/**/*.test.{ts,tsx}', 'plugins/**/*.test.{ts,tsx}', 'host/**/*.test.{ts,tsx}', 'tests/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup.ts'],
          // A page test's first render transforms and imports its lazy chunks: seconds on a busy 2-core machine.
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: 'forks',
          // One migrated PGlite template per run; each test app loads a copy (server/test/testApp.ts).
          globalSetup: ['server/test/globalSetup.ts'],
        },
      },
      {
        extends: true,
        test: {
          // The same API suite on a real PostgreSQL server (Debian's postgresql, started by the setup).
          name: 'server-pg',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          // The inspection engine's modules touch no database: once, in the PGlite run, is enough.
          exclude: ['server/services/inspection/**'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: 'forks',
          env: { TEST_DB: 'postgres' },
          globalSetup: ['server/test/postgres.ts'],
        },
      },
    ],
  },
});
