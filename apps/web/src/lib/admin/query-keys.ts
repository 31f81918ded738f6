/**
 * The roots of the admin reads that another feature's writes make stale: a withdrawal decision
 * moves the member's detail and the dashboard's figures, a completed cycle adds rewards. Each
 * feature builds its query keys from its root here, so one feature invalidates another's read
 * by key, without importing it.
 */
export const adminQueryRoots = {
  userDetail: ['admin', 'users', 'detail'],
  overallStats: ['admin', 'overall-stats'],
  rewardsList: ['admin', 'rewards', 'list'],
} as const;
