import {
  DISCLOSURE_WINDOWS,
  type DisclosureWindow,
  type EarningsDisclosure,
} from '@ctn/contracts/site';
import type { Db } from '../../db/client';
import { toIso } from '../../lib/values';
import * as q from './disclosure.queries';
import { DAY_MS } from '@ctn/contracts/time';

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The public earnings disclosure (issue 18 item 7): what members really earned and paid, built
 * once a day from the rewards and the subscription payments, over the 30 and 365 days before
 * the build. Kept per day, so a figure shown can be traced to the day it was built.
 */
export class DisclosureService {
  constructor(private readonly db: Db) {}

  /** The daily job: builds today's figures unless they exist (a rerun the same day is free). */
  async buildDaily(now = new Date()): Promise<boolean> {
    const latest = await q.latestDisclosure(this.db);
    if (latest?.day === utcDay(now)) return false;
    await this.build(now);
    return true;
  }

  /** Builds (or rebuilds) today's figures as of `now`. */
  async build(now = new Date()): Promise<EarningsDisclosure> {
    const windows: DisclosureWindow[] = [];
    for (const days of DISCLOSURE_WINDOWS) {
      const figures = await q.windowFigures(this.db, new Date(now.getTime() - days * DAY_MS), now);
      windows.push({ days, ...figures });
    }
    await q.saveDisclosure(this.db, utcDay(now), windows, now);
    return { day: utcDay(now), builtAt: now.toISOString(), windows };
  }

  /** The newest figures, or null before the first build. */
  async latest(): Promise<EarningsDisclosure | null> {
    const row = await q.latestDisclosure(this.db);
    if (!row) return null;
    return {
      day: row.day,
      builtAt: toIso(row.builtAt),
      windows: row.figures as DisclosureWindow[],
    };
  }
}
