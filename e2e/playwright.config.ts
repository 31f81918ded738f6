import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { BASE_URL, E2E_PORT, PUBLIC_URL } from './support/server';

// Browser journeys against the built app (`npm run test:e2e` builds first), in Debian's Chromium:
// Playwright never downloads a browser here.
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const repoRoot = here('..');

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
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: {
    command: 'node apps/server/dist/main.js',
    cwd: repoRoot,
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    // Server logs are noisy; E2E_SERVER_LOGS=1 shows them.
    stdout: process.env.E2E_SERVER_LOGS ? 'pipe' : 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: 'memory://',
      PUBLIC_URL,
      NODE_ENV: 'development',
      // Secrets generated for the run go to an ignored folder, not to ./data.
      DATA_DIR: here('../.tmp/e2e-data'),
    },
  },
});
