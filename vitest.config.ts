import { defineConfig } from 'vitest/config';

// One runner for every workspace; `npm test` runs all projects, `--project server` one.
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/server', 'apps/web'],
  },
});
