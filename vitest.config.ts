import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      '@core/': `${root}core/`,
      '@common/': `${root}common/`,
      // examples/ build against the SDK package as a plugin outside the repository would.
      '@console/plugin-sdk/testing': `${root}packages/plugin-sdk/src/testing.tsx`,
      '@console/plugin-sdk': `${root}packages/plugin-sdk/src/index.ts`,
    },
  },
  // tsyringe needs legacy (parameter) decorators, as esbuild compiles them for the bundle.
  oxc: { decorator: { legacy: true, emitDecoratorMetadata: false } } as never,
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: [
            'common/**/*.test.{ts,tsx}',
            'core/**/*.test.{ts,tsx}',
            'plugins/**/*.test.{ts,tsx}',
            'host/**/*.test.{ts,tsx}',
            'tests/**/*.test.{ts,tsx}',
            'examples/**/*.test.{ts,tsx}',
          ],
          // tests/contract/** build the API (server project).
          exclude: [...configDefaults.exclude, 'tests/contract/**'],
          setupFiles: ['tests/setup.ts'],
          // One jsdom window and module graph per worker instead of per file: the unit run drops from
          // ~275 s to ~90 s on 2 cores (environment set-up and imports were two thirds of it).
          // tests/setup.ts resets what files share (storage, cookies, URL blob functions).
          isolate: false,
          // A page test's first render transforms and imports its lazy chunks: seconds on a busy 2-core machine.
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          // tests/contract/**: the console's rules (common/) against the API built here.
          include: ['server/**/*.test.ts', 'tests/contract/**/*.test.ts'],
          // *.pg.test.ts need a PostgreSQL server (several API instances on one database): server-pg only.
          exclude: ['server/**/*.pg.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: 'forks',
          // A fork runs many files (modules loaded once): ~40 % less CPU than one fork per file.
          // Each test builds its own app and database (server/test/testApp.ts), so nothing is shared.
          isolate: false,
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
          // The plugin CLI's contract test writes rows (installs, audit): on PostgreSQL too.
          include: ['server/**/*.test.ts', 'tests/contract/runtimePluginCli.test.ts'],
          // The inspection engine's modules touch no database: once, in the PGlite run, is enough.
          // *.once.test.ts do not depend on the database kind (PGlite processes, backups, the start watchdog): PGlite run only.
          exclude: ['server/modules/inspection/**', 'server/**/*.once.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: 'forks',
          isolate: false,
          env: { TEST_DB: 'postgres' },
          globalSetup: ['server/test/postgres.ts'],
        },
      },
    ],
  },
});
