import type { Logger } from '../lib/logger';

export interface ScheduledJob {
  /** Stops the timer and waits for a run in progress to finish. */
  stop(): Promise<void>;
}

/**
 * Runs `run` every `intervalMs`, never two runs of one job at once; failures are logged.
 * `firstAfterMs` runs it once sooner after start, so a daily job is not postponed by every
 * restart.
 */
export function every(
  name: string,
  intervalMs: number,
  run: () => Promise<unknown>,
  log: Logger,
  options: { firstAfterMs?: number } = {},
): ScheduledJob {
  let current: Promise<void> | null = null;
  const tick = () => {
    if (current) return;
    current = run()
      .then(
        () => undefined,
        (err: unknown) => log.error({ err, job: name }, 'job failed'),
      )
      .finally(() => {
        current = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  const first = options.firstAfterMs === undefined ? null : setTimeout(tick, options.firstAfterMs);
  first?.unref();
  return {
    async stop() {
      clearInterval(timer);
      if (first) clearTimeout(first);
      await current;
    },
  };
}
