import { rmSync } from 'node:fs';
import { expect, test as setup } from '@playwright/test';
import { apiGetAs, apiLogin } from '../support/api';
import { waitForMailLink } from '../support/mailbox';
import { createVerifiedMember, DEMO_ADMIN, DEMO_MEMBER, unusedAdminCode } from '../support/members';
import { SCREENSHOTS, SHOTS } from './page-checks';
import { UNKNOWN_ID } from './pages';
import { saveSessions } from './sessions';

// Before the audited pages: the demo member and administrator signed in, a verified member who
// has not paid (the onboarding page) with a live reset link (the reset form), and the ids of
// pages with parameters.
setup('sign in the audited accounts', async ({ request }) => {
  const member = await apiLogin(request, DEMO_MEMBER);
  const admin = await apiLogin(request, { ...DEMO_ADMIN, totpCode: await unusedAdminCode() });
  // A long address on purpose (over 40 characters): this member is the newest in the demo
  // member's Referral History, whose rows at 375 px must truncate it inside their box.
  const unpaid = await createVerifiedMember(request, 'audit-unpaid-member');
  const forgot = await request.post('/api/users/forgot-password', {
    data: { email: unpaid.email },
  });
  expect(forgot.ok(), `forgot-password: ${await forgot.text()}`).toBe(true);
  const { link } = await waitForMailLink(request, unpaid.email, /\/reset-password\?token=/);

  const profile = await apiGetAs<{ _id: string }>(request, '/api/users/profile', member);
  const { cycles } = await apiGetAs<{ cycles: { _id: string; number: number | null }[] }>(
    request,
    '/api/rewards/admin/cycles?limit=20',
    admin,
  );
  saveSessions({
    tokens: { member, admin, unpaid: await apiLogin(request, unpaid) },
    ids: {
      memberId: profile._id,
      resetToken: new URL(link).searchParams.get('token') ?? '',
      cycleId: cycles[0]?._id ?? UNKNOWN_ID,
      cycleNumber: cycles.find((c) => c.number !== null)?.number ?? 999_999,
    },
  });
  // This run's screenshots replace the last run's (a page that is gone leaves none behind).
  if (SCREENSHOTS) rmSync(SHOTS, { recursive: true, force: true });
});
