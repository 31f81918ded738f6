import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { serverProject, SLOW_TESTS } from './apps/server/vitest.config.ts';

// One runner for every workspace. `npm test` runs the contracts, the server (its slow
// integration files aside) and the web app; `npm run test:slow` runs those slow files
// (project server-slow); `--project NAME` picks one.
export default defineConfig({
  test: {
    // Every core: vitest's default leaves one idle, which on our two-core machines halves it.
    maxWorkers: availableParallelism(),
    projects: [
      'packages/contracts',
      'apps/server',
      serverProject('server-slow', SLOW_TESTS),
      'apps/web',
    ],
  },
});
