import type {
  ExchangeDiagnostics,
  ExchangeProbe,
  ExchangeStatus,
} from '@ctn/contracts/exchange-diagnostics';
import {
  BINGX_PATHS,
  type BingxClient,
  type CommissionApi,
} from '../../integrations/exchange/bingx-client';
import { DAY_MS } from '@ctn/contracts/time';
import {
  exchangeDayAt,
  windowParams,
  type DayFormat,
} from '../../integrations/exchange/bingx-days';
import type { BingxParams } from '../../integrations/exchange/bingx-signing';
import { ExchangeUnavailableError } from '../../integrations/exchange/exchange';

/**
 * The exchange diagnostics page (issue 15): signed test calls of every endpoint the product
 * uses, with the raw answers and latency, which commission version and date format answer, and
 * the breaker and budget state. An operator with a real agent key learns in a minute whether
 * the integration works.
 */
export class ExchangeDiagnosticsService {
  constructor(
    private readonly client: BingxClient,
    private readonly simulator: boolean,
    private readonly baseUrl: string,
  ) {}

  status(): ExchangeStatus {
    const state = this.client.transport.state;
    const pausedUntil =
      state.breakerOpenUntil && state.breakerOpenUntil > new Date() ? state.breakerOpenUntil : null;
    return {
      simulator: this.simulator,
      host: new URL(this.baseUrl).host,
      commissionApi: this.client.commissionApi,
      dateFormat: this.client.dateFormat,
      pausedUntil: pausedUntil?.toISOString() ?? null,
      pauseReason: pausedUntil ? state.breakerReason : null,
      lastError: state.lastError,
      requests: state.requests,
    };
  }

  async run(uid: string | undefined, now = new Date()): Promise<ExchangeDiagnostics> {
    const probes: ExchangeProbe[] = [];
    const probe = async (name: string, path: string, params: BingxParams) => {
      const result = await this.client.transport.probe(path, params).catch((err: unknown) => ({
        httpStatus: null,
        code: null,
        message: err instanceof ExchangeUnavailableError ? err.message : `not sent: ${String(err)}`,
        data: undefined,
        body: '',
        latencyMs: 0,
      }));
      const entry: ExchangeProbe = {
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
      return entry;
    };

    await probe('Agent user information (inviteRelationCheck)', BINGX_PATHS.inviteRelationCheck, {
      uid: uid ?? '1',
    });
    await probe('Invited users (inviteAccountList)', BINGX_PATHS.inviteAccountList, {
      pageIndex: 1,
      pageSize: 1,
    });
    const yesterday = exchangeDayAt(new Date(now.getTime() - DAY_MS));
    const working: { api: CommissionApi; dateFormat: DayFormat }[] = [];
    const configured = this.client.commissionApi;
    for (const api of [configured, configured === 'v2' ? 'v1' : 'v2'] as const) {
      for (const format of ['day', 'ms'] as const) {
        const params: BingxParams = {
          ...windowParams({ start: yesterday, end: yesterday }, format),
          pageIndex: 1,
          pageSize: 1,
        };
        if (uid) params['uid'] = uid;
        const entry = await probe(
          `Daily commissions ${api} with ${format === 'day' ? 'yyyyMMdd days' : 'epoch milliseconds'}`,
          BINGX_PATHS.commissionDataList[api],
          params,
        );
        if (entry.ok) working.push({ api, dateFormat: format });
      }
    }
    return {
      checkedAt: now.toISOString(),
      status: this.status(),
      probes,
      workingCommission: working,
      summary: summaryOf(probes, working, configured),
    };
  }
}

function summaryOf(
  probes: ExchangeProbe[],
  working: { api: CommissionApi; dateFormat: DayFormat }[],
  configured: CommissionApi,
): string {
  const [invite, list] = probes;
  if (!invite?.ok && !list?.ok)
    return `No call succeeded: ${invite?.message ?? 'no answer'}. Check BINGX_API_KEY, BINGX_API_SECRET, the key's agent permission and its IP allow-list.`;
  if (working.length === 0)
    return 'The account endpoints answer, but no commission endpoint does in either version or date format: compliance and exchange cycles cannot read activity.';
  const best = working.find((w) => w.api === configured) ?? working[0]!;
  if (best.api !== configured)
    return `Commissions answer only on ${best.api}: set BINGX_COMMISSION_API=${best.api}.`;
  return `Working: ${best.api} commissions with ${best.dateFormat === 'day' ? 'yyyyMMdd days' : 'millisecond times'}${list?.ok ? ', the invitee list' : ''}${invite?.ok ? ' and the UID check' : ''}.`;
}
