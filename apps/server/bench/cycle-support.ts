// Shared pieces of the reward cycle benchmark (npm run bench:cycle): scratch tables, the raw
// INSERT ... SELECT it is compared with, timing in wall and server CPU time, and the report table.
import { readFileSync } from 'node:fs';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../src/db/client';
import { CYCLE_LINE_COLUMNS, cycleLineRows } from '../src/modules/rewards/reward-credits.queries';
import { msSpent, ticksOf } from './proc-cpu';

export const SCRATCH_INDEXED = 'bench_cycle_rewards_indexed';
export const SCRATCH_PLAIN = 'bench_cycle_rewards_plain';

export interface Measure {
  name: string;
  ms: number[];
  /** Server CPU seconds x 1000 (all PostgreSQL processes), when the server is on this machine. */
  cpu: number[];
  rows: number;
  add(ms: number, cpu: number | null, rows: number): void;
}

export function measure(name: string): Measure {
  const m: Measure = {
    name,
    ms: [],
    cpu: [],
    rows: 0,
    add(ms, cpu, rows) {
      m.ms.push(ms);
      if (cpu !== null) m.cpu.push(cpu);
      m.rows = rows;
    },
  };
  return m;
}

export function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

export async function step<T>(what: string, fn: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const value = await fn();
  console.log(`${what} (${s(performance.now() - t0)})`);
  return value;
}

/** Same state before every measurement: no garbage, fresh statistics, no pending checkpoint. */
export async function settle(db: Db): Promise<void> {
  await db.execute(
    sql`vacuum analyze users, referral_paths, reward_cycles, reward_cycle_entries, rewards, ledger_entries, balances`,
  );
  await db.execute(sql`checkpoint`);
}

/**
 * The product's own lines of the cycle (`cycleLineRows`, the SELECT of creditCycle) inserted
 * into `table` as a plain INSERT ... SELECT.
 */
export function rawInsert(table: string, cycleId: string, schedule: number[]): SQL {
  return sql`insert into ${sql.raw(table)} (${CYCLE_LINE_COLUMNS}) ${cycleLineRows(cycleId, schedule, sql`now()`)}`;
}

export async function createScratch(db: Db): Promise<void> {
  await dropScratch(db);
  await db.execute(
    sql`create table ${sql.raw(SCRATCH_INDEXED)} (like rewards including defaults including constraints including indexes)`,
  );
  await db.execute(sql`create table ${sql.raw(SCRATCH_PLAIN)} (like rewards including defaults)`);
}

export async function dropScratch(db: Db): Promise<void> {
  await db.execute(sql.raw(`drop table if exists ${SCRATCH_INDEXED}, ${SCRATCH_PLAIN}`));
}

/**
 * CPU time so far of each PostgreSQL process (backends and the checkpointer, WAL writer and
 * background writer), from /proc: null when the server is not on this machine. A wall-clock
 * figure on a busy machine includes the wait for a core; this does not.
 */
export async function serverTicks(db: Db): Promise<Map<number, number> | null> {
  const pids = await rowsOf<{ pid: number }>(db, sql`select pid from pg_stat_activity`);
  const ticks = new Map<number, number>();
  for (const { pid } of pids) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') return null;
      const spent = ticksOf(pid);
      if (spent !== null) ticks.set(pid, spent);
    } catch {
      if (ticks.size === 0) return null;
    }
  }
  return ticks;
}

/** Wall time and server CPU time (ms) of `fn`. */
export async function clocked<T>(
  db: Db,
  fn: () => Promise<T>,
): Promise<{ ms: number; cpu: number | null; value: T }> {
  const before = await serverTicks(db);
  const t0 = performance.now();
  const value = await fn();
  const ms = performance.now() - t0;
  const after = await serverTicks(db);
  let cpu: number | null = null;
  if (before && after) cpu = msSpent(before, after);
  return { ms, cpu, value };
}

export async function timedRows(db: Db, query: SQL) {
  const { ms, cpu, value } = await clocked(db, () => db.execute(query));
  return { ms, cpu, rows: (value as { rowCount: number | null }).rowCount ?? 0 };
}

/** Thrown to end a transaction whose work was only measured. */
class Rollback extends Error {}

/** Runs `fn` in a transaction that is always rolled back. */
export async function rolledBack<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  let value: T | undefined;
  let done = false;
  try {
    await db.transaction(async (tx) => {
      value = await fn(tx);
      done = true;
      throw new Rollback();
    });
  } catch (err) {
    if (!(err instanceof Rollback)) throw err;
  }
  if (!done) throw new Error('the rolled-back transaction did not finish');
  return value as T;
}

export function best(values: number[]): number {
  return Math.min(...values);
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
export const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
export const fmt = (n: number) => n.toLocaleString('en-US');

export function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}
