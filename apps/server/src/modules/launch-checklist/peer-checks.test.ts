import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../config';
import { BingxSimulator } from '../../integrations/exchange/bingx-simulator';
import { formatResult, runChecks } from '../../lib/preflight';
import { startRelay, type Relay } from '../../../test/smtp-relay';
import { bingxCheck, smtpCheck } from './peer-checks';

/**
 * The SMTP and BingX launch checks against a real SMTP server on loopback and the BingX
 * simulator, each healthy and then in the fault its line must name; the lines as preflight
 * prints them (the script itself: preflight.anvil.test.ts).
 */

const KEY = 'preflight-agent-key';
const SECRET = 'preflight-agent-secret-0123456789abcdef';
const SENDER = 'launch@example.com';

interface Run {
  code: number;
  lines: string[];
}

let relay: Relay;
let bingx: BingxSimulator;
let bingxUrl: string;

beforeAll(async () => {
  relay = await startRelay();
  bingx = new BingxSimulator(KEY, SECRET);
  bingxUrl = await bingx.listen();
});
afterEach(() => {
  relay.fault = null;
  bingx.clockOffsetMs = 0;
});
afterAll(async () => {
  await relay?.close();
  await bingx?.close();
});

/** The SMTP and BingX checks with this environment, as `npm run preflight [args]` prints them. */
const preflight = async (env: Record<string, string>, args: string[] = []): Promise<Run> => {
  const config = parseConfig({
    DATABASE_URL: 'memory://',
    JWT_SECRET: 'k'.repeat(44),
    MAIL_FROM: `Launch <${SENDER}>`,
    ...env,
  });
  const sendTestTo = args[0] === '--send-test-to' ? args[1] : undefined;
  const results = await runChecks([smtpCheck(config, sendTestTo), bingxCheck(config)]);
  return {
    code: results.some((r) => r.state === 'fail') ? 1 : 0,
    lines: results.map(formatResult),
  };
};
const withRelay = () => ({ SMTP_URL: relay.url });
const withBingx = (secret = SECRET) => ({
  BINGX_BASE_URL: bingxUrl,
  BINGX_API_KEY: KEY,
  BINGX_API_SECRET: secret,
  // Its eight calls without the production budget's pauses.
  BINGX_RATE_PER_SECOND: '50',
});
const failures = (run: Run) => run.lines.filter((l) => l.startsWith('FAIL'));

describe('the SMTP launch check', () => {
  it('sends one test mail with --send-test-to through a relay that accepts it', async () => {
    const run = await preflight(withRelay(), ['--send-test-to', 'operator@example.com']);
    expect(run.code, run.lines.join('\n')).toBe(0);
    const host = new URL(relay.url).host;
    expect(run.lines).toContain(
      `ok   SMTP_URL: ${host} accepted the connection, TLS and login asked (smtp relay)`,
    );
    expect(run.lines).toContainEqual(
      expect.stringMatching(
        /^ok {3}MAIL_FROM: sent to operator@example\.com from Launch <launch@example\.com>: 250 .* \(test mail\)$/,
      ),
    );
    expect(relay.acceptedFor).toEqual(['operator@example.com']);
    expect(relay.received[0]?.subject).toBe('Test mail from CopyTrade Network');
  });

  it('fails, naming MAIL_FROM, when the relay refuses the sender with 550 at MAIL FROM', async () => {
    relay.fault = { stage: 'MAIL FROM', reply: 550, text: '5.7.1 Sender address rejected' };
    const before = relay.received.length;
    const run = await preflight(withRelay(), ['--send-test-to', 'operator@example.com']);
    expect(run.code).toBe(1);
    expect(failures(run)).toEqual([
      `FAIL MAIL_FROM: ${new URL(relay.url).host} refuses the sender Launch <${SENDER}>: 550 5.7.1 Sender address rejected (test mail)`,
    ]);
    expect(relay.received.length).toBe(before);
  });

  it('fails, naming SMTP_URL, when nothing answers there; warns of the dev mailbox without it', async () => {
    const closed = await preflight({ SMTP_URL: 'smtp://127.0.0.1:9' });
    expect(closed.code).toBe(1);
    expect(failures(closed)).toEqual([
      expect.stringMatching(
        /^FAIL SMTP_URL: 127\.0\.0\.1:9: connecting failed: .+ \(smtp relay\)$/,
      ),
    ]);
    const unset = await preflight({}, ['--send-test-to', 'operator@example.com']);
    expect(unset.code).toBe(0);
    expect(unset.lines).toContain(
      'warn SMTP_URL: not set: mail goes to the dev mailbox (never in production); no test mail sent to operator@example.com (smtp relay)',
    );
  });
});

describe('the BingX launch check', () => {
  it('passes against a healthy exchange: clock, signed call, permissions, commission API', async () => {
    const run = await preflight(withBingx());
    expect(run.code, run.lines.join('\n')).toBe(0);
    expect(run.lines).toContainEqual(
      expect.stringMatching(/^ok {3}server clock: 0\.\d s (ahead of|behind) BingX's server time$/),
    );
    expect(run.lines).toContain(
      'ok   BINGX_API_KEY: the agent endpoints answer this key (bingx signed call)',
    );
    expect(run.lines).toContain(
      'ok   BINGX_COMMISSION_API: v2 answers with yyyyMMdd days (bingx commission api)',
    );
    // The simulator, like our sources, does not know the permissions endpoint's answer.
    expect(run.lines).toContainEqual(
      expect.stringMatching(/^warn BINGX_API_KEY: not answered \(.+\): check in BingX/),
    );
  });

  it('fails, naming BINGX_API_SECRET, when BingX refuses the signature', async () => {
    const run = await preflight(withBingx('another-secret-0123456789'));
    expect(run.code).toBe(1);
    expect(failures(run)).toEqual([
      "FAIL BINGX_API_SECRET: the signature is refused: not this key's secret (100001 Signature verification failed) (bingx signed call)",
    ]);
  });

  it('fails, naming the server clock, when it is 10 s off BingX', async () => {
    bingx.clockOffsetMs = 10_000;
    const run = await preflight(withBingx());
    expect(run.code).toBe(1);
    expect(failures(run)).toEqual([
      expect.stringMatching(
        /^FAIL server clock: (9\.9|10\.0|10\.1) s behind BingX's server time: every signed BingX call fails past 5 s; set this server's clock right \(NTP\)$/,
      ),
      "FAIL bingx signed call: the timestamp is refused: this server's clock is off (100421 Null timestamp or timestamp mismatch)",
    ]);
  });
});
