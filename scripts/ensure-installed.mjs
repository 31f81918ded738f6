#!/usr/bin/env node
// Installs the workspace's packages when they are missing or older than the lock file.
// Plain Node with no dependencies: it runs before node_modules exists (npm start, npm test,
// npm run dev). Usable as a command (`node scripts/ensure-installed.mjs`) or imported
// (`import { ensureInstalled } from './ensure-installed.mjs'`).
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

const mtimeOf = (relative) => {
  try {
    return statSync(new URL(`../${relative}`, import.meta.url)).mtimeMs;
  } catch {
    return undefined;
  }
};

/** Why an install is needed, or null when node_modules matches the lock file. */
export function installReason() {
  const lock = mtimeOf('package-lock.json');
  const installed = mtimeOf('node_modules/.package-lock.json');
  if (installed === undefined) return 'node_modules is missing';
  if (lock !== undefined && installed < lock) return 'package-lock.json is newer than node_modules';
  return null;
}

/** Runs `npm ci --include=dev` when needed; returns true when it ran. Throws when it fails. */
export function ensureInstalled() {
  const reason = installReason();
  if (reason === null) return false;
  // devDependencies are needed to build, also when NODE_ENV=production.
  console.log(`[ensure-installed] ${reason}: running npm ci --include=dev`);
  const result = spawnSync('npm', ['ci', '--include=dev'], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (result.error)
    throw new Error(`[ensure-installed] could not run npm: ${result.error.message}`);
  if (result.status !== 0) {
    throw new Error(
      `[ensure-installed] npm ci failed (${result.signal ?? `exit code ${result.status}`})`,
    );
  }
  return true;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    ensureInstalled();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
