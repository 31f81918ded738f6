// CPU time from /proc for the benchmarks: of a process and its children, of PostgreSQL's
// backends, of the whole machine. A wall-clock figure on a busy machine includes the wait for a
// core; these do not.
import { readdirSync, readFileSync } from 'node:fs';

export interface CpuProbe {
  serverPid: number;
  dbName: string;
}

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ: 100 on Linux). */
export const USER_HZ = 100;

interface CpuSnapshot {
  at: number;
  server: number;
  serverSched: Sched | null;
  postgres: Map<number, number> | null;
  client: NodeJS.CpuUsage;
  machine: { busy: number; total: number } | null;
}

/** User and system CPU ticks of a process so far; null when it is gone or not on this machine. */
export function ticksOf(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/** A process and its children (the workers of a node:cluster primary); [pid] when /proc cannot tell. */
export function processTree(pid: number): number[] {
  const pids = [pid];
  try {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
        if (Number(fields[1]) === pid) pids.push(Number(entry));
      } catch {
        continue;
      }
    }
  } catch {
    // No /proc: the process alone.
  }
  return pids;
}

function treeTicks(pid: number): number {
  return processTree(pid).reduce((sum, p) => sum + (ticksOf(p) ?? 0), 0);
}

/** Nanoseconds on a core and waiting in the run queue for one, summed over threads. */
interface Sched {
  run: number;
  wait: number;
}

/** A thread's `schedstat`; null when it has ended or /proc cannot tell (no schedstats). */
function taskSched(pid: number, task: string): Sched | null {
  try {
    const [run, wait] = readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8')
      .split(' ')
      .map(Number);
    return Number.isFinite(run) && Number.isFinite(wait) ? { run: run!, wait: wait! } : null;
  } catch {
    return null;
  }
}

/**
 * A process tree's threads' `schedstat`, summed; a thread that ends between listing and reading
 * is skipped. Null when /proc cannot tell for any of them.
 */
function treeSched(pid: number): Sched | null {
  const sum = { run: 0, wait: 0 };
  let read = false;
  for (const p of processTree(pid)) {
    let tasks: string[];
    try {
      tasks = readdirSync(`/proc/${p}/task`);
    } catch {
      continue;
    }
    for (const task of tasks) {
      const sched = taskSched(p, task);
      if (!sched) continue;
      sum.run += sched.run;
      sum.wait += sched.wait;
      read = true;
    }
  }
  return read ? sum : null;
}

/** Every backend of `dbName` on this machine (its command line names the database). */
function postgresTicks(dbName: string): Map<number, number> | null {
  const ticks = new Map<number, number>();
  try {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      let cmdline = '';
      try {
        cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      } catch {
        continue;
      }
      if (!cmdline.startsWith('postgres: ') || !cmdline.includes(` ${dbName} `)) continue;
      const t = ticksOf(Number(entry));
      if (t !== null) ticks.set(Number(entry), t);
    }
  } catch {
    return null;
  }
  return ticks;
}

function machineTicks(): { busy: number; total: number } | null {
  try {
    const cpu =
      readFileSync('/proc/stat', 'utf8').split('\n')[0]?.split(/\s+/).slice(1).map(Number) ?? [];
    const total = cpu.reduce((a, b) => a + b, 0);
    const idle = (cpu[3] ?? 0) + (cpu[4] ?? 0);
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

export function cpuSnapshot(probe: CpuProbe): CpuSnapshot {
  return {
    at: performance.now(),
    server: treeTicks(probe.serverPid),
    serverSched: treeSched(probe.serverPid),
    postgres: postgresTicks(probe.dbName),
    client: process.cpuUsage(),
    machine: machineTicks(),
  };
}

export function cpuDelta(probe: CpuProbe, before: CpuSnapshot, requests: number) {
  const after = cpuSnapshot(probe);
  const perRequest = (ms: number) => (requests > 0 ? ms / requests : 0);
  let postgres: number | null = null;
  if (before.postgres && after.postgres) {
    postgres = perRequest(msSpent(before.postgres, after.postgres));
  }
  const client = process.cpuUsage(before.client);
  let machineBusy: number | null = null;
  if (before.machine && after.machine && after.machine.total > before.machine.total)
    machineBusy =
      (100 * (after.machine.busy - before.machine.busy)) /
      (after.machine.total - before.machine.total);
  // Of the time the server's threads wanted a core, the share they waited for one: what a
  // machine whose every core is taken adds to each request's latency (docs/performance.md).
  let serverWaiting: number | null = null;
  if (before.serverSched && after.serverSched) {
    const run = after.serverSched.run - before.serverSched.run;
    const wait = after.serverSched.wait - before.serverSched.wait;
    if (run + wait > 0) serverWaiting = (100 * wait) / (run + wait);
  }
  return {
    serverWaiting,
    cpu: {
      server: perRequest(((after.server - before.server) * 1000) / USER_HZ),
      postgres,
      client: perRequest((client.user + client.system) / 1000),
    },
    machineBusy,
  };
}

/**
 * CPU milliseconds spent between two snapshots of processes' ticks. Processes that ended in
 * between are missed; new ones count from zero.
 */
export function msSpent(before: Map<number, number>, after: Map<number, number>): number {
  let ticks = 0;
  for (const [pid, t] of after) ticks += t - (before.get(pid) ?? 0);
  return (ticks * 1000) / USER_HZ;
}
