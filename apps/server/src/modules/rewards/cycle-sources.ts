import { CYCLE_CSV_MAX_LINES } from '@ctn/contracts/cycles';
import { BINGX_UID_MESSAGE, isBingxUid } from '@ctn/contracts/validation';
import type { DailyCommission } from '../../integrations/exchange/exchange';
import { decimalToMicro } from '../../lib/money';

/**
 * Where a cycle's master amounts come from (DESIGN.md section 4 "Rewards"): a CSV an
 * administrator uploads, or the exchange's commission data for the period. Both produce the
 * same batch: one amount per UID, in exact micro-USDT, and the problems found on the way.
 */

export interface BatchLine {
  uid: string;
  masterMicro: bigint;
  /** Trading volume over the period: exchange data only; null when unknown (never 0). */
  volumeMicro: bigint | null;
}

export interface Batch {
  lines: BatchLine[];
  linesRead: number;
  errors: { line: number; message: string }[];
}

const MAX_AMOUNT_MICRO = 1_000_000_000n * 1_000_000n;
const AMOUNT = /^\d{1,12}(\.\d{1,6})?$/;

function fieldsOf(line: string): string[] {
  const separator = line.includes(',') ? ',' : line.includes(';') ? ';' : '\t';
  return line.split(separator).map((f) =>
    f
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim(),
  );
}

/** `uid,amount` per line (comma, semicolon or tab), an optional header, blank lines ignored. */
export function parseCycleCsv(text: string): Batch {
  const lines: BatchLine[] = [];
  const errors: Batch['errors'] = [];
  const seen = new Map<string, number>();
  let linesRead = 0;
  const rows = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  for (let i = 0; i < rows.length; i++) {
    const raw = rows[i]?.trim() ?? '';
    const lineNo = i + 1;
    if (raw === '') continue;
    const fields = fieldsOf(raw);
    if (
      linesRead === 0 &&
      errors.length === 0 &&
      lines.length === 0 &&
      /uid/i.test(fields[0] ?? '')
    )
      continue;
    linesRead += 1;
    if (linesRead > CYCLE_CSV_MAX_LINES) {
      errors.push({
        line: lineNo,
        message: `More than ${CYCLE_CSV_MAX_LINES} lines; split the file`,
      });
      break;
    }
    const [uid = '', amount = ''] = fields;
    if (fields.length !== 2) {
      errors.push({ line: lineNo, message: 'Expected two values: uid,amount' });
    } else if (!isBingxUid(uid)) {
      errors.push({ line: lineNo, message: BINGX_UID_MESSAGE });
    } else if (!AMOUNT.test(amount)) {
      errors.push({
        line: lineNo,
        message: 'The amount must be a number with at most 6 decimals, like 12.5',
      });
    } else if (seen.has(uid)) {
      errors.push({
        line: lineNo,
        message: `UID ${uid} appears again (first on line ${seen.get(uid)})`,
      });
    } else {
      const masterMicro = decimalToMicro(amount) ?? 0n;
      if (masterMicro === 0n)
        errors.push({ line: lineNo, message: 'The amount must be above zero' });
      else if (masterMicro > MAX_AMOUNT_MICRO)
        errors.push({ line: lineNo, message: 'The amount is above 1,000,000,000' });
      else {
        seen.set(uid, lineNo);
        lines.push({ uid, masterMicro, volumeMicro: null });
      }
    }
  }
  return { lines, linesRead, errors };
}

/**
 * The commission the platform earned from each UID's trading over the period: the sum of the
 * daily `commissionVolume` rows, with the sum of their `tradingVolume` beside it (unknown when
 * one day's is missing or unreadable: a partial sum would read as the whole). UIDs with no
 * commission are left out.
 */
export function batchFromCommissions(rows: DailyCommission[]): Batch {
  const totals = new Map<string, { masterMicro: bigint; volumeMicro: bigint | null }>();
  const errors: Batch['errors'] = [];
  rows.forEach((row, index) => {
    // A missing figure is an error line, never a zero commission.
    const micro = row.commissionVolume === null ? null : decimalToMicro(row.commissionVolume);
    if (micro !== null && micro >= 0n) {
      const volume = row.tradingVolume === null ? null : decimalToMicro(row.tradingVolume);
      const known = volume !== null && volume >= 0n ? volume : null;
      const total = totals.get(row.uid) ?? { masterMicro: 0n, volumeMicro: 0n };
      totals.set(row.uid, {
        masterMicro: total.masterMicro + micro,
        volumeMicro:
          total.volumeMicro === null || known === null ? null : total.volumeMicro + known,
      });
    } else {
      errors.push({
        line: index + 1,
        message: `UID ${row.uid} on ${row.day}: unreadable commission "${row.commissionVolume ?? 'missing'}"`,
      });
    }
  });
  const lines = [...totals]
    .filter(([, total]) => total.masterMicro > 0n)
    .map(([uid, total]) => ({ uid, ...total }));
  return { lines, linesRead: rows.length, errors };
}
