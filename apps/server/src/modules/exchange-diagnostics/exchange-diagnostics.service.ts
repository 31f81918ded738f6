import type {
  ExchangeDiagnostics,
  ExchangeStatus,
  VolumeFields,
} from '@ctn/contracts/exchange-diagnostics';
import { DAY_MS } from '@ctn/contracts/time';
import type { Db } from '../../db/client';
import {
  sumOfDecimals,
  type BingxClient,
  type CommissionApi,
} from '../../integrations/exchange/bingx-client';
import type { DayFormat } from '../../integrations/exchange/bingx-days';
import { checkBingx, type BingxProbe } from '../../integrations/exchange/bingx-preflight';
import * as q from './exchange-diagnostics.queries';

/** How many linked members the volume-field comparison reads (one call each). */
export const VOLUME_SAMPLE_SIZE = 20;
const VOLUME_DAYS = 30;

/**
 * The exchange diagnostics page (decision 037): signed test calls of every endpoint
 * the product uses, with the raw answers and latency, the clock against BingX's, which commission
 * version and date format answer, the breaker, pauses and budget; and, for a sample of linked
 * members, every volume field's 30-day total. An operator with a real agent key learns in a
 * minute whether the integration works, and which field proves copying.
 */
export class ExchangeDiagnosticsService {
  constructor(
    private readonly client: BingxClient,
    private readonly simulator: boolean,
    private readonly baseUrl: string,
    private readonly db: Db,
  ) {}

  status(): ExchangeStatus {
    const transport = this.client.transport;
    const state = transport.state;
    const now = new Date();
    const pausedUntil =
      state.breakerOpenUntil && state.breakerOpenUntil > now ? state.breakerOpenUntil : null;
    return {
      simulator: this.simulator,
      host: new URL(this.baseUrl).host,
      commissionApi: this.client.commissionApi,
      dateFormat: this.client.dateFormat,
      pausedUntil: pausedUntil?.toISOString() ?? null,
      pauseReason: pausedUntil ? state.breakerReason : null,
      lastError: state.lastError,
      requests: state.requests,
      ratePerSecond: transport.budget.perSecond,
      pauses: transport.pauses().map((p) => ({ ...p, until: p.until.toISOString() })),
      errorAnswers: transport.errors.counts(now.getTime()),
      copyVolumeFields: [...this.client.copyVolumeFields],
    };
  }

  async run(uid: string | undefined, now = new Date()): Promise<ExchangeDiagnostics> {
    const check = await checkBingx(this.client, { uid, now });
    return {
      checkedAt: check.checkedAt,
      status: this.status(),
      probes: check.probes,
      workingCommission: check.workingCommission,
      summary:
        check.clock.tooFar && check.clock.skewMs !== null
          ? `This server's clock is ${(check.clock.skewMs / 1000).toFixed(1)} s off BingX's server time: every signed call fails past 5 s. Set the clock right (NTP).`
          : summaryOf(check.probes, check.workingCommission, this.client.commissionApi),
      clock: check.clock,
      permissions: check.permissions.answered ? JSON.stringify(check.permissions.data) : null,
    };
  }

  /**
   * For up to 20 linked members, the 30-day total of every numeric volume field of their
   * commission rows (not only the configured ones), one call each from the members lane.
   */
  async volumeFields(now = new Date()): Promise<VolumeFields> {
    const to = new Date(now.getTime() - DAY_MS);
    const from = new Date(to.getTime() - (VOLUME_DAYS - 1) * DAY_MS);
    const members: VolumeFields['members'] = [];
    const fields = new Set<string>();
    for (const member of await q.linkedSample(this.db, VOLUME_SAMPLE_SIZE)) {
      try {
        const rows = await this.client.dailyCommissions({ from, to }, member.uid, 'members');
        const totals: Record<string, string> = {};
        for (const row of rows)
          for (const [field, value] of Object.entries(row.volumes)) {
            fields.add(field);
            totals[field] = sumOfDecimals([totals[field] ?? '0', value])!;
          }
        const copySum =
          rows.length === 0 ? '0' : sumOfDecimals(rows.map((r) => r.copyTradingVolume));
        members.push({ ...member, totals, copySum, rows: rows.length, error: null });
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        members.push({ ...member, totals: {}, copySum: null, rows: 0, error });
      }
    }
    return {
      from: from.toISOString().slice(0, 10),
      to: to.toISOString().slice(0, 10),
      copyVolumeFields: [...this.client.copyVolumeFields],
      fields: [...fields].sort(),
      members,
    };
  }
}

function summaryOf(
  probes: BingxProbe[],
  working: { api: CommissionApi; dateFormat: DayFormat }[],
  configured: CommissionApi,
): string {
  const [invite, list] = probes;
  if (!invite?.ok && !list?.ok)
    return `No call succeeded: ${invite?.message ?? 'no answer'}. Check BINGX_API_KEY, BINGX_API_SECRET, the key's agent permission, its IP allow-list and this server's clock.`;
  if (working.length === 0)
    return 'The account endpoints answer, but no commission endpoint does in either version or date format: compliance and exchange cycles cannot read activity.';
  const best = working.find((w) => w.api === configured) ?? working[0]!;
  if (best.api !== configured)
    return `Commissions answer only on ${best.api}: set BINGX_COMMISSION_API=${best.api}.`;
  return `Working: ${best.api} commissions with ${best.dateFormat === 'day' ? 'yyyyMMdd days' : 'millisecond times'}${list?.ok ? ', the invitee list' : ''}${invite?.ok ? ' and the UID check' : ''}.`;
}
