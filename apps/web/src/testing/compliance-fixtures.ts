import type { ComplianceRunView, ComplianceStatus, ShadowRun } from '@ctn/contracts/compliance';

/** The compliance status as the admin pages read it, for their tests. */

export function makeComplianceRun(overrides: Partial<ComplianceRunView> = {}): ComplianceRunView {
  return {
    id: 7,
    startedAt: '2026-11-25T02:00:00.000Z',
    status: 'APPLIED',
    linkedMembers: 40,
    newlyLocked: 0,
    unknownMembers: 0,
    copyingMembers: 12,
    copyingHeld: null,
    reason: null,
    acknowledgedAt: null,
    ...overrides,
  };
}

export function makeShadowRun(overrides: Partial<ShadowRun> = {}): ShadowRun {
  return {
    ...makeComplianceRun({ id: 12, status: 'SHADOW', newlyLocked: 3 }),
    figures: {
      lock: 3,
      remind: 1,
      forfeit: 2,
      release: 4,
      concern: 5,
      unknown: 1,
      forfeitAmount: 12.5,
      releaseAmount: 30,
    },
    ...overrides,
  };
}

export function makeComplianceStatus(overrides: Partial<ComplianceStatus> = {}): ComplianceStatus {
  return {
    lastRun: null,
    heldRun: null,
    mode: { effective: 'enforce', stored: 'enforce', fromEnvironment: false },
    lastShadowRun: null,
    copyingEvidenceSince: '2026-11-20T02:00:00.000Z',
    copyingHold: null,
    ...overrides,
  };
}
