import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { BASE_URL, builtServer, CHROMIUM, CHROMIUM_FLAGS, E2E_PORT } from './support/server';

// Browser journeys against the built app (`npm run test:e2e` builds first), in Debian's Chromium:
// Playwright never downloads a browser here. The web audit has a config of its own
// (audit.config.ts): its tests live outside testDir, so a journeys run never picks them up.
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  testDir: here('journeys'),
  outputDir: here('test-results'),
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 1,
  fullyParallel: false,
  timeout: 60_000,
  // The verification page waits 3 s before it goes to /signin.
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { outputFolder: here('report'), open: 'never' }]],
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_FLAGS },
      },
    },
  ],
  webServer: builtServer(E2E_PORT, here('../.tmp/e2e-data')),
});
