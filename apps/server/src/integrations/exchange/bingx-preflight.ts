import { DAY_MS } from '@ctn/contracts/time';
import { BINGX_PATHS, type BingxClient, type CommissionApi } from './bingx-client';
import { exchangeDayAt, windowParams, type DayFormat } from './bingx-days';
import type { BingxParams } from './bingx-signing';
import type { Logger } from '../../lib/logger';

/**
 * BingX refuses a signature whose timestamp is further than recvWindow (5,000 ms, its maximum)
 * from its own clock ("Null timestamp or timestamp mismatch"): past this skew nothing signed works.
 */
export const MAX_CLOCK_SKEW_MS = 5000;

/** One signed test call with its raw answer (the diagnostics page lists them). */
export interface BingxProbe {
  name: string;
  path: string;
  /** The parameters sent, without timestamp and signature. */
  params: Record<string, string>;
  ok: boolean;
  httpStatus: number | null;
  code: number | null;
  message: string | null;
  latencyMs: number;
  body: string;
}

/** The local clock against BingX's server time. */
export interface BingxClockCheck {
  /** The server time endpoint answered. */
  answered: boolean;
  /** Local minus BingX, ms (positive: our clock is ahead); null when it did not answer. */
  skewMs: number | null;
  /** Past MAX_CLOCK_SKEW_MS every signed call fails. */
  tooFar: boolean;
  error: string | null;
}

/**
 * What a preflight needs to know of the BingX connection, with no write anywhere: the clock, a
 * signed call, the key's permissions where an endpoint exposes them, and which commission API
 * version and date format answer. `probes` holds every call made, raw.
 */
export interface BingxPreflight {
  checkedAt: string;
  clock: BingxClockCheck;
  signedCall: {
    ok: boolean;
    httpStatus: number | null;
    code: number | null;
    message: string | null;
  };
  /** `/openApi/v1/account/apiPermissions`: its `data` when it answered, else null. */
  permissions: { answered: boolean; data: unknown; code: number | null; message: string | null };
  /** The commission version and date format that answered, the configured version first. */
  workingCommission: { api: CommissionApi; dateFormat: DayFormat }[];
  probes: BingxProbe[];
}

export async function checkClock(client: BingxClient): Promise<BingxClockCheck> {
  try {
    const { skewMs } = await client.transport.serverTime(BINGX_PATHS.serverTime);
    return { answered: true, skewMs, tooFar: Math.abs(skewMs) > MAX_CLOCK_SKEW_MS, error: null };
  } catch (err) {
    return {
      answered: false,
      skewMs: null,
      tooFar: false,
      error: err instanceof Error ? err.message : String(err),
    };
  }
}

/**
 * Every check of the BingX connection, in about eight calls from the members lane (none while a
 * ban lasts): for `npm run preflight` and the admin diagnostics page. `uid` is looked up if given.
 */
export async function checkBingx(
  client: BingxClient,
  options: { uid?: string | undefined; now?: Date } = {},
): Promise<BingxPreflight> {
  const now = options.now ?? new Date();
  const probes: BingxProbe[] = [];
  const probe = async (name: string, path: string, params: BingxParams) => {
    const result = await client.transport.probe(path, params).catch((err: unknown) => ({
      httpStatus: null,
      code: null,
      message: err instanceof Error ? err.message : `not sent: ${String(err)}`,
      data: undefined,
      body: '',
      latencyMs: 0,
    }));
    const entry: BingxProbe = {
      name,
      path,
      params: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
      ok: result.httpStatus === 200 && result.code === 0,
      httpStatus: result.httpStatus,
      code: result.code,
      message: result.message,
      latencyMs: result.latencyMs,
      body: result.body,
    };
    probes.push(entry);
    return { entry, data: result.data };
  };

  const clock = await checkClock(client);
  const invite = await probe(
    'Agent user information (inviteRelationCheck)',
    BINGX_PATHS.inviteRelationCheck,
    { uid: options.uid ?? '1' },
  );
  const list = await probe('Invited users (inviteAccountList)', BINGX_PATHS.inviteAccountList, {
    pageIndex: 1,
    pageSize: 1,
  });
  const signed = [invite.entry, list.entry].find((p) => p.ok) ?? invite.entry;
  const permissions = await probe('API key permissions', BINGX_PATHS.apiPermissions, {});

  const yesterday = exchangeDayAt(new Date(now.getTime() - DAY_MS));
  const working: { api: CommissionApi; dateFormat: DayFormat }[] = [];
  const configured = client.commissionApi;
  for (const api of [configured, configured === 'v2' ? 'v1' : 'v2'] as const) {
    for (const format of ['day', 'ms'] as const) {
      const params: BingxParams = {
        ...windowParams({ start: yesterday, end: yesterday }, format),
        pageIndex: 1,
        pageSize: 1,
      };
      if (options.uid) params['uid'] = options.uid;
      const { entry } = await probe(
        `Daily commissions ${api} with ${format === 'day' ? 'yyyyMMdd days' : 'epoch milliseconds'}`,
        BINGX_PATHS.commissionDataList[api],
        params,
      );
      if (entry.ok) working.push({ api, dateFormat: format });
    }
  }
  return {
    checkedAt: now.toISOString(),
    clock,
    signedCall: {
      ok: signed.ok,
      httpStatus: signed.httpStatus,
      code: signed.code,
      message: signed.message,
    },
    permissions: {
      answered: permissions.entry.ok,
      data: permissions.entry.ok ? (permissions.data ?? null) : null,
      code: permissions.entry.code,
      message: permissions.entry.message,
    },
    workingCommission: working,
    probes,
  };
}

/**
 * The start's clock check: past 5 s an error line naming the clock (every signed call will
 * fail), past 1 s a warning; the server starts either way (the chain and mail do not need it).
 */
export async function logClockAtStart(client: BingxClient, log: Logger): Promise<BingxClockCheck> {
  const clock = await checkClock(client);
  if (!clock.answered || clock.skewMs === null)
    log.warn({ error: clock.error }, 'BingX server time did not answer: clock skew unknown');
  else if (clock.tooFar)
    log.error(
      { skewMs: clock.skewMs },
      `This server's clock is ${(clock.skewMs / 1000).toFixed(1)} s off BingX's server time: every signed BingX call fails past 5 s. Set the clock right (NTP).`,
    );
  else if (Math.abs(clock.skewMs) > 1000)
    log.warn({ skewMs: clock.skewMs }, "This server's clock is over 1 s off BingX's server time");
  else log.info({ skewMs: clock.skewMs }, 'BingX server time checked');
  return clock;
}
