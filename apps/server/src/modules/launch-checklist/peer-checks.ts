import type { CheckResult } from '@ctn/contracts/launch-checklist';
import type { Config } from '../../config';
import {
  checkBingx,
  MAX_CLOCK_SKEW_MS,
  type BingxPreflight,
} from '../../integrations/exchange/bingx-preflight';
import { checkSmtpRelay, type RelayCheck } from '../../integrations/mail/relay-check';
import { bingxClientOf } from '../../integrations/peers';
import { fail, ok, warn, type PreflightCheck } from '../../lib/preflight';
import { renderMail } from '../mail/mail-templates';

/**
 * SMTP_URL's relay: handshake, TLS and login (`checkSmtpRelay`, on a connection of its own), and
 * with `sendTestTo` one test mail from MAIL_FROM. Without SMTP_URL nothing is contacted: mail
 * goes to the dev mailbox, which production refuses at start.
 */
export function smtpCheck(config: Config, sendTestTo: string | undefined): PreflightCheck {
  const { smtpUrl, from } = config.mail;
  const check = 'smtp relay';
  return {
    name: check,
    variable: 'SMTP_URL',
    run: async (): Promise<CheckResult[]> => {
      if (smtpUrl === undefined) {
        const unsent = sendTestTo ? `; no test mail sent to ${sendTestTo}` : '';
        return [
          warn(
            check,
            'SMTP_URL',
            `not set: mail goes to the dev mailbox (never in production)${unsent}`,
          ),
        ];
      }
      const testMail = sendTestTo ? testMailTo(sendTestTo) : undefined;
      const relay = await checkSmtpRelay({ smtpUrl, from, ...(testMail ? { testMail } : {}) });
      return smtpLines(relay, new URL(smtpUrl).host, from);
    },
  };
}

function testMailTo(to: string) {
  const mail = renderMail({
    to,
    subject: 'Test mail from CopyTrade Network',
    greeting: 'Hello,',
    paragraphs: [
      `npm run preflight sent this test mail at ${new Date().toISOString()}.`,
      'If it arrived in the inbox (not in spam), the relay, the sender address and its SPF, DKIM and DMARC records work for this mailbox.',
    ],
  });
  return { to, subject: mail.subject, text: mail.textBody, html: mail.htmlBody };
}

function smtpLines(relay: RelayCheck, host: string, from: string): CheckResult[] {
  const check = 'smtp relay';
  if (!relay.verified) {
    const step = { connect: 'connecting', tls: 'TLS', login: 'login', send: 'sending' };
    return [
      fail(
        check,
        'SMTP_URL',
        `${host}: ${step[relay.failedStep ?? 'connect']} failed: ${relay.answer}`,
      ),
    ];
  }
  const verified = ok(check, 'SMTP_URL', `${host} accepted the connection, TLS and login asked`);
  if (relay.testMail === null) return [verified];
  const { to } = relay.testMail;
  if (relay.testMail.accepted)
    return [verified, ok('test mail', 'MAIL_FROM', `sent to ${to} from ${from}: ${relay.answer}`)];
  const code = relay.refused?.responseCode ?? null;
  // A permanent refusal at MAIL FROM is the sender's: a domain the relay will not send for.
  if (relay.refused?.command === 'MAIL FROM' && code !== null && code >= 500)
    return [
      verified,
      fail('test mail', 'MAIL_FROM', `${host} refuses the sender ${from}: ${relay.answer}`),
    ];
  return [
    verified,
    fail('test mail', 'SMTP_URL', `${host} did not take the test mail to ${to}: ${relay.answer}`),
  ];
}

/** BingX's answers to a signed call that name what to fix (decision 037). */
const SIGNED_CALL_FAULTS: Record<number, { variable: string | null; meaning: string }> = {
  100001: {
    variable: 'BINGX_API_SECRET',
    meaning: "the signature is refused: not this key's secret",
  },
  100413: { variable: 'BINGX_API_KEY', meaning: 'BingX does not know this key' },
  100419: {
    variable: 'BINGX_API_KEY',
    meaning: "this server's IP is not on the key's IP whitelist",
  },
  100421: { variable: null, meaning: "the timestamp is refused: this server's clock is off" },
};

/**
 * BingX with the configured agent key (`checkBingx`, a client of its own on BINGX_BASE_URL):
 * the clock's skew, a signed call, the key's permissions and which commission API answers.
 * Without the key nothing is contacted: the server runs the simulator, which production refuses.
 */
export function bingxCheck(config: Config): PreflightCheck {
  const { apiKey, apiSecret, baseUrl } = config.exchange;
  return {
    name: 'bingx',
    variable: 'BINGX_BASE_URL',
    run: async (): Promise<CheckResult[]> => {
      if (!apiKey || !apiSecret)
        return [
          warn(
            'bingx',
            'BINGX_API_KEY',
            'BINGX_API_KEY and BINGX_API_SECRET not set: the built-in BingX simulator answers (never in production)',
          ),
        ];
      const client = bingxClientOf(config, { baseUrl, apiKey, apiSecret });
      const result = await checkBingx(client);
      const signed = signedCallLine(result);
      // A refused signed call refuses every other call: their lines would only repeat it.
      if (signed.state !== 'ok') return [clockLine(result), signed];
      return [
        clockLine(result),
        signed,
        permissionsLine(result),
        commissionLine(result, client.commissionApi),
      ];
    },
  };
}

function clockLine({ clock }: BingxPreflight): CheckResult {
  const check = 'server clock';
  if (!clock.answered || clock.skewMs === null)
    return warn(check, null, `skew unknown: BingX server time did not answer (${clock.error})`);
  const seconds = (Math.abs(clock.skewMs) / 1000).toFixed(1);
  const side = clock.skewMs > 0 ? 'ahead of' : 'behind';
  const found = `${seconds} s ${side} BingX's server time`;
  if (clock.tooFar)
    return fail(
      check,
      null,
      `${found}: every signed BingX call fails past ${MAX_CLOCK_SKEW_MS / 1000} s; set this server's clock right (NTP)`,
    );
  if (Math.abs(clock.skewMs) > 1000)
    return warn(check, null, `${found}: signed calls fail past 5 s; set the clock right (NTP)`);
  return ok(check, null, found);
}

function signedCallLine({ signedCall }: BingxPreflight): CheckResult {
  const check = 'bingx signed call';
  if (signedCall.ok) return ok(check, 'BINGX_API_KEY', 'the agent endpoints answer this key');
  if (signedCall.httpStatus === null)
    return fail(check, 'BINGX_BASE_URL', `not reached: ${signedCall.message}`);
  const answer = answerOf(signedCall.code ?? `HTTP ${signedCall.httpStatus}`, signedCall.message);
  const known = signedCall.code === null ? undefined : SIGNED_CALL_FAULTS[signedCall.code];
  if (known) return fail(check, known.variable, `${known.meaning} (${answer})`);
  return fail(check, 'BINGX_API_KEY', `BingX refused the call (${answer})`);
}

/** "100001 Signature verification failed", as BingX answered. */
function answerOf(code: number | string | null, message: string | null): string {
  return [code, message].filter((part) => part !== null && part !== '').join(' ');
}

/** The answer's shape is undocumented (decision 037): shown raw, never decided on. */
function permissionsLine({ permissions }: BingxPreflight): CheckResult {
  const check = 'bingx key permissions';
  if (!permissions.answered)
    return warn(
      check,
      'BINGX_API_KEY',
      `not answered (${answerOf(permissions.code, permissions.message)}): check in BingX that the key only reads`,
    );
  const raw = JSON.stringify(permissions.data, (_key, value: unknown) =>
    typeof value === 'bigint' ? value.toString() : value,
  );
  return ok(check, 'BINGX_API_KEY', `BingX answered ${raw.slice(0, 300)}`);
}

function commissionLine(
  { workingCommission }: BingxPreflight,
  configured: 'v1' | 'v2',
): CheckResult {
  const check = 'bingx commission api';
  const format = { day: 'yyyyMMdd days', ms: 'epoch milliseconds' };
  const answering = (api: 'v1' | 'v2') =>
    workingCommission.filter((w) => w.api === api).map((w) => format[w.dateFormat]);
  const own = answering(configured);
  if (own.length > 0)
    return ok(check, 'BINGX_COMMISSION_API', `${configured} answers with ${own.join(' and ')}`);
  const other = configured === 'v2' ? 'v1' : 'v2';
  const theirs = answering(other);
  if (theirs.length > 0)
    return warn(
      check,
      'BINGX_COMMISSION_API',
      `${configured} does not answer; ${other} does (with ${theirs.join(' and ')}): set BINGX_COMMISSION_API=${other}`,
    );
  return fail(
    check,
    'BINGX_COMMISSION_API',
    "neither v1 nor v2 of the daily commissions answers yesterday's window in either date format: commissions cannot be read",
  );
}
