import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const LOG_OPTIONS = fileURLToPath(new URL('./log-options.ts', import.meta.url));
const TSX = import.meta.resolve('tsx');

/**
 * The server's logger as production runs it, writing to its own stdout in batches (4 kB): a
 * process logs `lines` lines, idles `idleMs`, then exits. What reached the pipe, and when.
 */
function logInChild(lines: number, idleMs: number) {
  const script = `
    const { serverLogger } = await import(${JSON.stringify(LOG_OPTIONS)});
    const log = serverLogger({ logLevel: 'info', isProduction: true }, false);
    for (let i = 0; i < ${lines}; i += 1) log.info({ i }, 'line');
    setTimeout(() => process.exit(0), ${idleMs});`;
  const child = spawn(process.execPath, ['--import', TSX, '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const started = Date.now();
  const arrivals: { at: number; lines: number }[] = [];
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) =>
    arrivals.push({ at: Date.now() - started, lines: chunk.split('\n').filter(Boolean).length }),
  );
  return new Promise<{ arrivals: typeof arrivals; exitedAt: number }>((resolve) =>
    child.once('close', () => resolve({ arrivals, exitedAt: Date.now() - started })),
  );
}

describe('serverLogger on stdout', () => {
  it('writes a lone line within about a second, though it is short of a batch', async () => {
    const { arrivals, exitedAt } = await logInChild(1, 4_000);
    expect(arrivals.reduce((sum, a) => sum + a.lines, 0)).toBe(1);
    // Well before the exit, which would have flushed it anyway.
    expect(arrivals[0]!.at).toBeLessThan(exitedAt - 1_500);
  }, 20_000);

  it('loses no line logged just before the process exits', async () => {
    const { arrivals } = await logInChild(25, 0);
    expect(arrivals.reduce((sum, a) => sum + a.lines, 0)).toBe(25);
  }, 20_000);
});
