import { fileURLToPath } from 'node:url';
import type { PlaywrightTestConfig } from '@playwright/test';
import { DEMO } from '../../apps/server/src/bootstrap/demo-accounts';

// Where the servers under test listen; the journeys' and the audit's configs start them with
// these values (builtServer), each on its own port, so the two can run side by side.
export const E2E_PORT = 3100;
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** The server's PUBLIC_URL: links in mails start with it. */
export const PUBLIC_URL = BASE_URL;
/** The web audit's server (e2e/audit.config.ts). */
export const AUDIT_PORT = 3101;
export const AUDIT_BASE_URL = `http://127.0.0.1:${AUDIT_PORT}`;
/** The demo member's referral code, seeded at start in development. */
export const DEMO_REFERRAL_CODE = DEMO.member.referralCode;

/** The repository's root, where the built app lives. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Debian's Chromium (Playwright never downloads a browser here) and the flags every run uses. */
export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The built app (`npm run build` first) on `port` with the in-memory database and the demo data
 * (NODE_ENV=development seeds it), as Playwright's webServer: started before the first test,
 * stopped after the last.
 */
export function builtServer(port: number, dataDir: string): PlaywrightTestConfig['webServer'] {
  const base = `http://127.0.0.1:${port}`;
  return {
    command: 'node apps/server/dist/main.js',
    cwd: REPO_ROOT,
    url: `${base}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    // Server logs are noisy; E2E_SERVER_LOGS=1 shows them.
    stdout: process.env.E2E_SERVER_LOGS ? 'pipe' : 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: 'memory://',
      PUBLIC_URL: base,
      NODE_ENV: 'development',
      // Secrets generated for the run go to an ignored folder, not to ./data.
      DATA_DIR: dataDir,
    },
  };
}
