// Shared pieces of the load benchmark (npm run bench:load): the child processes (the real
// server, the bare Fastify route), the load drivers (autocannon for the reads, a driver of our
// own for sign-in that spreads it over source addresses), the table.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import http from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { cpuDelta, cpuSnapshot, type CpuProbe } from './proc-cpu';
import { connectionsPerProcess } from './proc-sockets';

export const SERVER_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_DIR = join(SERVER_DIR, '..', '..');

export function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

// ------------------------------------------------------------------------ child processes

export interface Child {
  name: string;
  process: ChildProcess;
  port: number;
  /** Last lines of its output, for the report when it dies. */
  output: string[];
  stop(): Promise<void>;
}

const children = new Set<Child>();

/** Stops every child still running (the benchmark never leaves a server behind). */
export async function stopAll(): Promise<void> {
  await Promise.all([...children].map((c) => c.stop()));
}

/**
 * Starts `args` (node arguments) and waits for its port: "listening <port>" (bare route) or the
 * server's banner "listening on http://host:<port>".
 */
export async function startChild(
  name: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  timeoutMs = 90_000,
): Promise<Child> {
  // Its standard output (the request logs at LOG_LEVEL=info) goes to a file, as a production
  // log would: read through a pipe, it would cost this process (on the same cores) per request.
  const logDir = mkdtempSync(join(tmpdir(), 'ctn-load-log-'));
  const logPath = join(logDir, 'stdout.log');
  const logFd = openSync(logPath, 'w');
  const proc = spawn(process.execPath, args, {
    cwd: REPO_DIR,
    env,
    stdio: ['ignore', logFd, 'pipe'],
  });
  closeSync(logFd);
  const output: string[] = [];
  const keep = (chunk: Buffer | string) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) output.push(line);
    if (output.length > 60) output.splice(0, output.length - 60);
  };
  const logTail = () => {
    try {
      keep(readFileSync(logPath, 'utf8').split('\n').slice(-40).join('\n'));
    } catch {
      // no output yet
    }
  };
  proc.stderr?.on('data', keep);
  const port = await new Promise<number>((resolve, reject) => {
    const poll = setInterval(() => {
      let text: string;
      try {
        text = readFileSync(logPath, 'utf8');
      } catch {
        return;
      }
      const match = /listening (?:on http:\/\/[^:]+:)?(\d+)/.exec(text);
      if (match) {
        clearTimeout(timer);
        clearInterval(poll);
        resolve(Number(match[1]));
      }
    }, 100);
    const timer = setTimeout(() => {
      clearInterval(poll);
      logTail();
      reject(
        new Error(`${name} did not start within ${timeoutMs / 1000} s:\n${output.join('\n')}`),
      );
    }, timeoutMs);
    proc.once('exit', (code) => {
      clearTimeout(timer);
      clearInterval(poll);
      logTail();
      reject(new Error(`${name} exited with code ${code} before listening:\n${output.join('\n')}`));
    });
  });
  const child: Child = {
    name,
    process: proc,
    port,
    output,
    async stop() {
      children.delete(child);
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
      rmSync(logDir, { recursive: true, force: true });
    },
  };
  children.add(child);
  proc.once('exit', (code, signal) => {
    if (children.has(child)) logTail();
    if (children.has(child))
      console.error(
        `\n!! ${name} (pid ${proc.pid}) exited unexpectedly (code ${code}, signal ${signal}):\n${output.slice(-20).join('\n')}`,
      );
  });
  return child;
}

// --------------------------------------------------------------------------- HTTP helpers

export interface Answer {
  status: number;
  body: string;
  ms: number;
}

/** One request on `agent` (keep-alive), from `localAddress` when given. */
export function request(
  port: number,
  options: {
    method?: string;
    path: string;
    headers?: Record<string, string>;
    body?: string;
    agent?: http.Agent;
    localAddress?: string;
  },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: {
          ...(options.body ? { 'content-type': 'application/json' } : {}),
          ...options.headers,
        },
        ...(options.agent ? { agent: options.agent } : {}),
        ...(options.localAddress ? { localAddress: options.localAddress } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString(),
            ms: performance.now() - started,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/**
 * Source addresses for sign-in: 127.x.y.z, a fresh one whenever asked. The server throttles
 * sign-in per client address (30 per 15 minutes, RATE_RULES.loginPerIp) and, outside production,
 * sees the socket's address; every address here signs in at most SIGNINS_PER_ADDRESS times.
 */
let addressCounter = 0;
export function nextSourceAddress(): string {
  addressCounter += 1;
  const k = addressCounter + 256; // 127.0.1.1 onwards
  return `127.${(k >> 16) & 255}.${(k >> 8) & 255}.${k & 255}`;
}
export const SIGNINS_PER_ADDRESS = 20;

// ------------------------------------------------------------------------------- load runs

export interface Run {
  route: string;
  requests: number;
  seconds: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  max: number;
  ok2xx: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** CPU milliseconds per request of the server process, PostgreSQL, and the load generator. */
  cpu: { server: number; postgres: number | null; client: number };
  /** Of the run, in percent of both cores: everything on the machine. */
  machineBusy: number | null;
  /** Of the time the server's threads were runnable, the share they waited for a core. */
  serverWaiting: number | null;
  /** Halfway through the run: the connections each server process held (proc-sockets.ts). */
  connectionsPerProcess?: number[] | null;
}

/** autocannon against one route: a warm-up, then the measured run. */
export async function cannon(
  route: string,
  url: string,
  options: {
    connections: number;
    duration: number;
    warmup: number;
    headers?: Record<string, string>;
    cpu: CpuProbe;
  },
): Promise<Run> {
  const base = {
    url,
    connections: options.connections,
    headers: options.headers ?? {},
    timeout: 10,
  };
  if (options.warmup > 0) await autocannon({ ...base, duration: options.warmup });
  const before = cpuSnapshot(options.cpu);
  const running = autocannon({ ...base, duration: options.duration });
  // Halfway through, who holds the connections (they are opened at the start of the run).
  await new Promise((resolve) => setTimeout(resolve, (options.duration * 1000) / 2));
  const shares = connectionsPerProcess(options.cpu.serverPid, Number(new URL(url).port));
  const result = await running;
  const cpu = cpuDelta(options.cpu, before, result.requests.total);
  return {
    route,
    requests: result.requests.total,
    seconds: result.duration,
    reqPerSec: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    ok2xx: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    ...cpu,
    connectionsPerProcess: shares,
  };
}

/**
 * Sign-in under load: `connections` loops, each its own account, each a keep-alive connection
 * from a source address that changes every SIGNINS_PER_ADDRESS sign-ins, so no address nears
 * the per-address limit (and no account the per-account one: every sign-in succeeds). autocannon
 * cannot choose source addresses, hence this driver (Node's http client; at ~50 sign-ins a
 * second its own cost is negligible next to argon2).
 */
export async function signInLoad(
  route: string,
  port: number,
  accounts: { email: string }[],
  password: string,
  options: { connections: number; duration: number; warmup: number; cpu: CpuProbe },
): Promise<Run> {
  const drive = async (seconds: number, measured: boolean) => {
    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    let errors = 0;
    const until = performance.now() + seconds * 1000;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: options.connections }, async (_, i) => {
        const account = accounts[i % accounts.length];
        if (!account) throw new Error('no sign-in account');
        const body = JSON.stringify({ email: account.email, password });
        let agent: http.Agent | null = null;
        let localAddress = '';
        let n = 0;
        while (performance.now() < until) {
          if (n % SIGNINS_PER_ADDRESS === 0) {
            agent?.destroy();
            agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
            localAddress = nextSourceAddress();
          }
          n += 1;
          try {
            const answer = await request(port, {
              method: 'POST',
              path: '/api/users/login',
              body,
              agent: agent ?? undefined,
              localAddress,
            });
            latencies.push(answer.ms);
            statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          } catch {
            errors += 1;
          }
        }
        agent?.destroy();
      }),
    );
    const seconds_ = (performance.now() - started) / 1000;
    if (!measured) return null;
    return { latencies, statuses, errors, seconds: seconds_ };
  };
  if (options.warmup > 0) await drive(options.warmup, false);
  const before = cpuSnapshot(options.cpu);
  const run = await drive(options.duration, true);
  if (!run) throw new Error('unreachable');
  const sorted = run.latencies.sort((a, b) => a - b);
  let ok2xx = 0;
  let non2xx = 0;
  for (const [status, n] of run.statuses) {
    if (status >= 200 && status < 300) ok2xx += n;
    else non2xx += n;
  }
  const requests = sorted.length;
  return {
    route,
    requests,
    seconds: run.seconds,
    reqPerSec: requests / run.seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? 0,
    ok2xx,
    non2xx,
    errors: run.errors,
    timeouts: 0,
    ...cpuDelta(options.cpu, before, requests),
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))] ?? 0;
}

// ---------------------------------------------------------------------------------- output

export function printTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join('  ');
  const text = [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join(
    '\n',
  );
  console.log(text);
  return text;
}

export const ms = (v: number) => (v >= 100 ? v.toFixed(0) : v.toFixed(1));
export const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
