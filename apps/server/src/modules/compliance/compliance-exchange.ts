import { MICRO_USDT_PER_USDT, MIN_EXCHANGE_BALANCE_USDT } from '@ctn/contracts/constants';
import type { ExchangeGateway, InviteeFacts } from '../../integrations/exchange/exchange';
import type { Logger } from '../../lib/logger';
import { decimalToMicro } from '../../lib/money';
import type { ExchangeReading } from './compliance-rules';

const MIN_BALANCE_MICRO = BigInt(MIN_EXCHANGE_BALANCE_USDT * MICRO_USDT_PER_USDT);

/**
 * What the exchange says of every invitee, read in bulk once per run: the invitee list (about
 * one call per 200 invitees) and the commission list of the copy window. Either part is null
 * when it could not be read whole.
 */
export interface ExchangeSnapshot {
  invitees: Map<string, InviteeFacts> | null;
  /** UIDs with copy-trading volume above zero in the window. */
  copying: Set<string> | null;
  /** UIDs with rows in the window whose copy volume was missing and none above zero. */
  copyingUnknown: Set<string>;
}

export async function exchangeSnapshot(
  exchange: ExchangeGateway,
  window: { from: Date; to: Date },
  log: Logger,
): Promise<ExchangeSnapshot> {
  const snapshot: ExchangeSnapshot = { invitees: null, copying: null, copyingUnknown: new Set() };
  try {
    const list = await exchange.listInvitees();
    // An incomplete list still tells about the members it holds; the others are unknown.
    snapshot.invitees = list.invitees;
    if (!list.complete)
      log.warn({ read: list.invitees.size }, 'compliance: invitee list incomplete');
  } catch (err) {
    log.warn({ err }, 'compliance: invitee list unavailable; linked members left as they are');
  }
  try {
    const rows = await exchange.dailyCommissions(window);
    const copying = new Set<string>();
    const missing = new Set<string>();
    for (const row of rows) {
      const volume = row.copyTradingVolume === null ? null : decimalToMicro(row.copyTradingVolume);
      if (volume === null) missing.add(row.uid);
      else if (volume > 0n) copying.add(row.uid);
    }
    snapshot.copying = copying;
    for (const uid of missing) if (!copying.has(uid)) snapshot.copyingUnknown.add(uid);
  } catch (err) {
    log.warn({ err }, 'compliance: commission data unavailable; linked members left as they are');
  }
  return snapshot;
}

/** One member's reading: known facts, or unknown with the reason (never a guess). */
export function readingOf(snapshot: ExchangeSnapshot, uid: string): ExchangeReading {
  if (!snapshot.invitees) return { known: false, reason: 'the invitee list could not be read' };
  const facts = snapshot.invitees.get(uid);
  if (!facts) return { known: false, reason: 'the UID is not in the invitee list' };
  const balance = facts.balanceUsdt === null ? null : decimalToMicro(facts.balanceUsdt);
  if (balance === null) return { known: false, reason: 'the exchange gave no readable balance' };
  if (!snapshot.copying) return { known: false, reason: 'the commission list could not be read' };
  if (snapshot.copyingUnknown.has(uid))
    return { known: false, reason: 'the exchange gave no copy-trading volume' };
  return {
    known: true,
    facts: { lowBalance: balance < MIN_BALANCE_MICRO, copyingStopped: !snapshot.copying.has(uid) },
  };
}

/** The exchange's figures seen for one member, as recorded with a shadow decision. */
export interface ExchangeEvidence {
  balanceUsdt: string | null;
  /** Copy-trading volume in the window: seen, none, or unknown (null). */
  copying: boolean | null;
}

export function evidenceOf(snapshot: ExchangeSnapshot | null, uid: string): ExchangeEvidence {
  const copying =
    !snapshot?.copying || snapshot.copyingUnknown.has(uid) ? null : snapshot.copying.has(uid);
  return { balanceUsdt: snapshot?.invitees?.get(uid)?.balanceUsdt ?? null, copying };
}
