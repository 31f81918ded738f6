// Where the server under test listens; playwright.config.ts starts it with these values.
export const E2E_PORT = 3100;
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** The server's PUBLIC_URL: links in mails start with it. */
export const PUBLIC_URL = BASE_URL;
/** The demo member's referral code, seeded at start in development. */
export const DEMO_REFERRAL_CODE = 'TRADEWAY';
