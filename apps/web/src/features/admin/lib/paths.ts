/**
 * Admin routes beyond the spec. They belong in `@/lib/paths` with the others; they live here
 * until that shared file can take them.
 */
export const adminPaths = {
  cycles: '/admin/cycles',
  cycle: (id: string) => `/admin/cycles/${encodeURIComponent(id)}`,
  rewardsOfCycle: (cycle: number) => `/admin/rewards?cycle=${cycle}`,
  auditLog: '/admin/audit-log',
  reconciliation: '/admin/reconciliation',
  uidClaims: '/admin/uid-claims',
  exchange: '/admin/exchange',
} as const;
