// Which process holds the connections of a server, from /proc: with WORKERS above 1 the primary
// hands each new connection to the worker holding the fewest (decision 033); under node:cluster's
// own hand-out a run's 50 connections were once split 41/9 (docs/performance.md, "Load").
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { processTree } from './proc-cpu';

const ESTABLISHED = '01';

/** Inodes of the established TCP sockets whose local port is `port` (IPv4 and IPv6). */
function establishedInodes(port: number): Set<string> {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      const local = cols[1];
      if (!local || cols[3] !== ESTABLISHED) continue;
      if (parseInt(local.split(':')[1] ?? '', 16) === port && cols[9]) inodes.add(cols[9]);
    }
  }
  return inodes;
}

/**
 * How many of the server's established connections on `port` each of its processes holds, the
 * largest share first (processes holding none left out); null when /proc cannot tell.
 */
export function connectionsPerProcess(serverPid: number, port: number): number[] | null {
  try {
    const inodes = establishedInodes(port);
    const counts: number[] = [];
    for (const pid of processTree(serverPid)) {
      let held = 0;
      try {
        for (const fd of readdirSync(`/proc/${pid}/fd`)) {
          const target = readlinkSync(`/proc/${pid}/fd/${fd}`, { encoding: 'utf8' });
          const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
          if (inode && inodes.has(inode)) held += 1;
        }
      } catch {
        continue;
      }
      if (held > 0) counts.push(held);
    }
    return counts.sort((a, b) => b - a);
  } catch {
    return null;
  }
}
