import { defineProject } from 'vitest/config';

/**
 * The integration files that take longest and prove what the rest cannot: a real EVM node
 * (anvil), two instances and worker processes, shutdown under load, route fuzzing, attacks on
 * the production build. `npm test` (the inner loop) leaves them out; `npm run test:slow` runs
 * them, and CI runs both.
 */
export const SLOW_TESTS = [
  'src/**/*.anvil.test.ts',
  'test/scale-out/**/*.test.ts',
  'test/shutdown.test.ts',
  'test/fuzz/**/*.test.ts',
  'test/attacks/**/*.test.ts',
];

/** The server's tests: every file opens its own database (PGlite in memory, or PostgreSQL). */
export const serverProject = (name: string, include: string[], exclude: string[] = []) =>
  defineProject({
    test: {
      name,
      root: new URL('.', import.meta.url).pathname,
      environment: 'node',
      include,
      exclude: ['**/node_modules/**', ...exclude],
      // One migrated PGlite, copied by every file that uses PGlite (test/pglite-snapshot.ts).
      globalSetup: ['./test/pglite-snapshot.ts'],
      // A worker imports the libraries once for all its files; test/fresh-modules.ts evaluates
      // our own modules again for each file.
      isolate: false,
      setupFiles: ['./test/fresh-modules.ts'],
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  });

export default serverProject('server', ['src/**/*.test.ts', 'test/**/*.test.ts'], SLOW_TESTS);
