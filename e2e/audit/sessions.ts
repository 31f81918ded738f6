// The sign-ins and the ids the audited pages need: made once per run by sessions.setup.ts, read
// by every test. One sign-in per account for the whole audit, not one per page: sign-ins are
// throttled, and each of the administrator's authenticator codes signs in once.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Audience } from '../support/route-table';
import { REPO_ROOT } from '../support/server';

/** Where the audit writes what it measures (gitignored). */
export const AUDIT_OUT = join(REPO_ROOT, '.tmp/audit-web');
const FILE = join(AUDIT_OUT, 'sessions.json');

export interface AuditIds {
  /** The demo member (the admin's member detail page). */
  memberId: string;
  /** A live password reset link's token (the reset form, not its dead-link state). */
  resetToken: string;
  /** A run cycle of the demo data, or an unknown id (the page's not-found state). */
  cycleId: string;
  /** The member's statement of a run cycle, or of none (the page's error state). */
  cycleNumber: number;
}

export interface Sessions {
  tokens: Record<Exclude<Audience, 'guest'>, string>;
  ids: AuditIds;
}

export function saveSessions(sessions: Sessions): void {
  mkdirSync(AUDIT_OUT, { recursive: true });
  writeFileSync(FILE, JSON.stringify(sessions));
}

let read: Sessions | undefined;
export function sessions(): Sessions {
  read ??= JSON.parse(readFileSync(FILE, 'utf8')) as Sessions;
  return read;
}
