import type { LaunchChecklist } from '@ctn/contracts/launch-checklist';
import { runChecks, type PreflightCheck } from '../../lib/preflight';

/** Results younger than this are shown again: opening the dashboard does not call every peer. */
const KEEP_MS = 60_000;
/** "Check again" runs the checks anew unless they finished this recently. */
const AGAIN_AFTER_MS = 10_000;

/**
 * The administrators' launch checklist (decision 042): the preflight's checks, run on this
 * server's configuration and database, their results kept briefly. Callers at the same moment
 * share one run.
 */
export class LaunchChecklistService {
  private last: LaunchChecklist | null = null;
  private lastAt = 0;
  private running: Promise<LaunchChecklist> | null = null;

  constructor(
    private readonly checks: readonly PreflightCheck[],
    private readonly now: () => number = Date.now,
  ) {}

  /** The kept results, or a new run when they are older than the window (`again`: 10 s). */
  async checklist(again = false): Promise<LaunchChecklist> {
    const age = this.now() - this.lastAt;
    if (this.last && age < (again ? AGAIN_AFTER_MS : KEEP_MS)) return this.last;
    this.running ??= this.run();
    return this.running;
  }

  private async run(): Promise<LaunchChecklist> {
    try {
      const results = await runChecks(this.checks);
      const at = this.now();
      this.last = { results, checkedAt: new Date(at).toISOString() };
      this.lastAt = at;
      return this.last;
    } finally {
      this.running = null;
    }
  }
}
