import {
  closeSync,
  existsSync,
  fsyncSync,
  ftruncateSync,
  openSync,
  readFileSync,
  renameSync,
  writeFileSync,
  writeSync,
} from 'node:fs';

/**
 * The sweep's plan file: JSON Lines, append-only. The first line is the plan (the chain, the
 * token, the destination, the addresses found); every later line is one step's record, written
 * and flushed to disk before the step's bytes leave the process. The last record of a step wins.
 * Appending keeps a plan of thousands of steps cheap to update (one short line per change, never
 * the whole file again), and a crash can at worst cut the last line short: that line preceded
 * its broadcast, so it is dropped on reading and nothing was sent for it.
 */

export const PLAN_VERSION = 1;

export interface PlannedAddress {
  index: number;
  address: `0x${string}`;
  /** The token units it held when the plan was made (decimal string). */
  usdt: string;
}

export interface PlanHeader {
  kind: 'plan';
  version: number;
  createdAt: string;
  chainId: number;
  token: `0x${string}`;
  decimals: number;
  xpub: string;
  destination: `0x${string}`;
  gasWallet: `0x${string}`;
  /** Token units: addresses holding at least this many are swept. */
  threshold: string;
  addresses: PlannedAddress[];
}

/**
 * SIGNED: recorded before its broadcast (it may or may not have left). MINED: its receipt is on
 * chain and succeeded. FAILED: mined but reverted. DROPPED: never mined and its nonce is used by
 * another transaction, so these bytes can never be mined: the step may be signed again.
 */
export type StepState = 'SIGNED' | 'MINED' | 'FAILED' | 'DROPPED';

export interface StepRecord {
  kind: 'step';
  /** `topup:<index>` (BNB from the gas wallet) or `sweep:<index>` (the USDT to the destination). */
  id: string;
  type: 'TOPUP' | 'SWEEP';
  index: number;
  from: `0x${string}`;
  to: `0x${string}`;
  nonce: number;
  gas: string;
  gasPrice: string;
  /** TOPUP: the wei sent. SWEEP: 0 (the token moves in the call). */
  value: string;
  /** SWEEP: the token units moved. TOPUP: the gas and price of the sweep it pays for. */
  amount: string | null;
  sweepGas: string | null;
  sweepGasPrice: string | null;
  hash: `0x${string}`;
  rawTx: `0x${string}`;
  state: StepState;
  /** The block it was mined in, once MINED or FAILED. */
  block: string | null;
  at: string;
}

export class PlanFileError extends Error {
  override name = 'PlanFileError';
}

export interface LoadedPlan {
  header: PlanHeader;
  /** The latest record of every step, by id. */
  steps: Map<string, StepRecord>;
}

/** Reads a plan file; a cut-short last line (a crash while writing it) is dropped from the file. */
export function readPlan(path: string): LoadedPlan | null {
  if (!existsSync(path)) return null;
  const text = readFileSync(path, 'utf8');
  const complete = text.endsWith('\n') ? text : text.slice(0, text.lastIndexOf('\n') + 1);
  if (complete.length !== text.length) {
    // Only the last line can be torn; it preceded its broadcast. Cut it so appends stay whole.
    const fd = openSync(path, 'r+');
    try {
      ftruncateSync(fd, Buffer.byteLength(complete));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  }
  const lines = complete.split('\n').filter((l) => l !== '');
  if (lines.length === 0) throw new PlanFileError(`${path} holds no plan`);
  const parse = (line: string, n: number): unknown => {
    try {
      return JSON.parse(line);
    } catch {
      throw new PlanFileError(`${path} line ${n + 1} is not JSON: the plan file was changed`);
    }
  };
  const header = parse(lines[0]!, 0) as PlanHeader;
  if (header.kind !== 'plan' || header.version !== PLAN_VERSION)
    throw new PlanFileError(`${path} is not a sweep plan of version ${PLAN_VERSION}`);
  const steps = new Map<string, StepRecord>();
  lines.slice(1).forEach((line, i) => {
    const record = parse(line, i + 1) as StepRecord;
    if (record.kind !== 'step') throw new PlanFileError(`${path} line ${i + 2} is not a step`);
    steps.set(record.id, record);
  });
  return { header, steps };
}

/** A plan file being written: each append is flushed to disk before it returns. */
export class PlanWriter {
  private constructor(private readonly fd: number) {}

  /** Writes a new plan (whole, then renamed into place: never a half-written header). */
  static create(path: string, header: PlanHeader): PlanWriter {
    if (existsSync(path)) throw new PlanFileError(`${path} exists already`);
    const temporary = `${path}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(header)}\n`, { flush: true });
    renameSync(temporary, path);
    return PlanWriter.open(path);
  }

  static open(path: string): PlanWriter {
    return new PlanWriter(openSync(path, 'a'));
  }

  append(record: StepRecord): void {
    writeSync(this.fd, `${JSON.stringify(record)}\n`);
    fsyncSync(this.fd);
  }

  close(): void {
    closeSync(this.fd);
  }
}
