#!/usr/bin/env node
// `npm start`: install when needed, build when the build is missing or stale, then run the server.
// Plain Node with no dependencies. Environment and stdio pass through to the server unchanged,
// so NODE_ENV=production (or any other setting) behaves the same as with `node apps/server/dist/main.js`.
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { constants } from 'node:os';
import { join } from 'node:path';
import { ensureInstalled, root } from './ensure-installed.mjs';

const SERVER_ENTRY = 'apps/server/dist/main.js';
const OUTPUTS = ['apps/web/dist/index.html', SERVER_ENTRY];
// What the build reads: sources, plus the build configuration and the installed dependencies.
const INPUTS = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'apps/server/src',
  'apps/server/build.mjs',
  'packages/contracts/src',
  'package-lock.json',
];

const mtimeOf = (path) => {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
};

/** Newest modification time of a file, or of any file below a folder (0 when absent). */
function newest(path) {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    latest = Math.max(latest, newest(join(path, entry.name)));
  }
  return latest;
}

/** Why a build is needed, or null when both outputs are newer than every input. */
function buildReason() {
  let oldestOutput = Infinity;
  for (const output of OUTPUTS) {
    const mtime = mtimeOf(join(root, output));
    if (mtime === undefined) return `${output} is missing`;
    oldestOutput = Math.min(oldestOutput, mtime);
  }
  const latestInput = Math.max(...INPUTS.map((input) => newest(join(root, input))));
  return latestInput > oldestOutput ? 'sources changed since the last build' : null;
}

function fail(message) {
  console.error(`[start] ${message}`);
  process.exit(1);
}

try {
  ensureInstalled();
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}

const reason = buildReason();
if (reason !== null) {
  console.log(`[start] ${reason}: running npm run build`);
  const build = spawnSync('npm', ['run', 'build'], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (build.error) fail(`could not run npm: ${build.error.message}`);
  if (build.status !== 0) fail(`build failed (${build.signal ?? `exit code ${build.status}`})`);
}

// The server gets a process group of its own, so a Ctrl-C in a terminal (sent to the whole
// foreground group) reaches it once, through this script, rather than twice.
const server = spawn(process.execPath, [join(root, SERVER_ENTRY)], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
  detached: process.platform !== 'win32',
});

// The same signal can still arrive here more than once at a time (from the terminal, and again
// from npm, which forwards it to its script). Pass each kind on at most once per second: a server
// that treats a second signal as "stop now" still shuts down gracefully, and a deliberate second
// Ctrl-C a moment later still gets through.
const lastForwarded = new Map();
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    const now = Date.now();
    if (now - (lastForwarded.get(signal) ?? 0) < 1000) return;
    lastForwarded.set(signal, now);
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  });
}

server.on('error', (error) => fail(`could not start the server: ${error.message}`));
server.on('exit', (code, signal) => {
  if (code !== null) process.exit(code);
  // Killed by a signal: report it the way a shell does (128 + signal number).
  process.exit(128 + (constants.signals[signal] ?? 0));
});
