import { MICRO_USDT_PER_USDT, MIN_EXCHANGE_BALANCE_USDT } from '@ctn/contracts/constants';
import type { ExchangeGateway } from '../../integrations/exchange/exchange';
import type { Logger } from '../../lib/logger';
import { decimalToMicro } from '../../lib/money';
import type { ExchangeFacts } from './compliance-rules';

const MIN_BALANCE_MICRO = BigInt(MIN_EXCHANGE_BALANCE_USDT * MICRO_USDT_PER_USDT);

/**
 * UIDs with copy-trading volume in the window: one commission listing for every UID (the client
 * splits it into 30-day windows and pages), not one request per member. Null when it failed.
 */
export async function copyingUids(
  exchange: ExchangeGateway,
  window: { from: Date; to: Date },
  log: Logger,
): Promise<Set<string> | null> {
  try {
    const rows = await exchange.dailyCommissions(window);
    const active = new Set<string>();
    for (const row of rows) {
      if ((decimalToMicro(row.copyTradingVolume) ?? 0n) > 0n) active.add(row.uid);
    }
    return active;
  } catch (err) {
    log.warn({ err }, 'compliance: commission data unavailable; linked members left as they are');
    return null;
  }
}

/**
 * The exchange's facts per member (by user id); null for a member the exchange did not answer
 * for. `checkInvite` is one request per UID: a few run at once, and the client keeps them to its
 * rate budget.
 */
export async function exchangeFacts(
  exchange: ExchangeGateway,
  members: { id: string; bingxUid: string }[],
  copying: Set<string> | null,
  concurrency: number,
  log: Logger,
): Promise<Map<string, ExchangeFacts | null>> {
  const facts = new Map<string, ExchangeFacts | null>();
  if (!copying) {
    // Without the activity data we know nothing new about anyone; save the request budget.
    for (const m of members) facts.set(m.id, null);
    return facts;
  }
  const queue = [...members];
  const worker = async () => {
    for (let m = queue.shift(); m; m = queue.shift()) {
      facts.set(m.id, await factsOf(exchange, m.bingxUid, copying, log));
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, members.length) }, worker));
  return facts;
}

async function factsOf(
  exchange: ExchangeGateway,
  uid: string,
  copying: Set<string>,
  log: Logger,
): Promise<ExchangeFacts | null> {
  try {
    const check = await exchange.checkInvite(uid);
    const balance = decimalToMicro(check.balanceUsdt);
    if (balance === null) throw new Error(`unreadable balance ${check.balanceUsdt}`);
    return { lowBalance: balance < MIN_BALANCE_MICRO, copyingStopped: !copying.has(uid) };
  } catch (err) {
    log.warn({ err, uid }, 'compliance: exchange check failed; member left as it is');
    return null;
  }
}
