import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { AdminRoute, GuestOnlyRoute, MemberRoute, OnboardingRoute } from './guards/route-guards';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import { NotFoundPage } from './routes/not-found-page';
import { RouteError } from './routes/route-error';

/**
 * A route whose module is loaded on first visit (route-level code splitting): every page, and the
 * member and admin layouts, so a visitor's first load carries only the public shell.
 */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

/** The one route table of the app. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          {
            index: true,
            lazy: page(
              () => import('@/features/landing/pages/landing-page'),
              (m) => m.LandingPage,
            ),
          },
          {
            element: <GuestOnlyRoute />,
            children: [
              {
                path: 'signin',
                lazy: page(
                  () => import('@/features/auth/pages/signin-page'),
                  (m) => m.SigninPage,
                ),
              },
              {
                path: 'register',
                lazy: page(
                  () => import('@/features/auth/pages/register-page'),
                  (m) => m.RegisterPage,
                ),
              },
            ],
          },
          {
            path: 'forgot-password',
            lazy: page(
              () => import('@/features/auth/pages/forgot-password-page'),
              (m) => m.ForgotPasswordPage,
            ),
          },
          {
            path: 'reset-password',
            lazy: page(
              () => import('@/features/auth/pages/reset-password-page'),
              (m) => m.ResetPasswordPage,
            ),
          },
          {
            path: 'unlock-sign-in',
            lazy: page(
              () => import('@/features/auth/pages/unlock-sign-in-page'),
              (m) => m.UnlockSignInPage,
            ),
          },
          {
            path: 'verify-email',
            lazy: page(
              () => import('@/features/auth/pages/verify-email-page'),
              (m) => m.VerifyEmailPage,
            ),
          },
          {
            // The "Not me? Freeze my account" link of security and money mails (decision 040):
            // signed out or in, the token is the proof.
            path: 'freeze-account',
            lazy: page(
              () => import('@/features/auth/pages/freeze-account-page'),
              (m) => m.FreezeAccountPage,
            ),
          },
          {
            path: 'ref/:refCode',
            lazy: page(
              () => import('@/features/auth/pages/referral-landing-page'),
              (m) => m.ReferralLandingPage,
            ),
          },
          {
            path: 'terms',
            lazy: page(
              () => import('@/features/legal/pages/legal-page'),
              (m) => m.TermsPage,
            ),
          },
          {
            path: 'privacy',
            lazy: page(
              () => import('@/features/legal/pages/legal-page'),
              (m) => m.PrivacyPage,
            ),
          },
          {
            path: 'risk',
            lazy: page(
              () => import('@/features/legal/pages/legal-page'),
              (m) => m.RiskPage,
            ),
          },
          {
            path: 'about',
            lazy: page(
              () => import('@/features/about/pages/about-page'),
              (m) => m.AboutPage,
            ),
          },
          {
            path: 'contact',
            lazy: page(
              () => import('@/features/contact/pages/contact-page'),
              (m) => m.ContactPage,
            ),
          },
          {
            path: 'earnings-disclosure',
            lazy: page(
              () => import('@/features/disclosure/pages/earnings-disclosure-page'),
              (m) => m.EarningsDisclosurePage,
            ),
          },
          {
            path: 'proof',
            lazy: page(
              () => import('@/features/proof/pages/proof-page'),
              (m) => m.ProofPage,
            ),
          },
          {
            element: <OnboardingRoute />,
            children: [
              {
                path: 'onboarding',
                lazy: page(
                  () => import('@/features/onboarding/pages/onboarding-page'),
                  (m) => m.OnboardingPage,
                ),
              },
            ],
          },
          { path: '*', Component: NotFoundPage },
        ],
      },
      {
        element: <MemberRoute />,
        children: [
          {
            lazy: page(
              () => import('./layouts/member-layout'),
              (m) => m.MemberLayout,
            ),
            children: [
              {
                path: 'dashboard',
                lazy: page(
                  () => import('@/features/dashboard/pages/dashboard-page'),
                  (m) => m.DashboardPage,
                ),
              },
              {
                path: 'referrals',
                lazy: page(
                  () => import('@/features/referrals/pages/referrals-page'),
                  (m) => m.ReferralsPage,
                ),
              },
              {
                path: 'user-tree',
                lazy: page(
                  () => import('@/features/user-tree/pages/user-tree-page'),
                  (m) => m.UserTreePage,
                ),
              },
              {
                path: 'rewards',
                lazy: page(
                  () => import('@/features/rewards/pages/rewards-page'),
                  (m) => m.RewardsPage,
                ),
              },
              {
                path: 'rewards/cycles/:number',
                lazy: page(
                  () => import('@/features/rewards/pages/cycle-statement-page'),
                  (m) => m.CycleStatementPage,
                ),
              },
              {
                path: 'profile',
                lazy: page(
                  () => import('@/features/profile/pages/profile-page'),
                  (m) => m.ProfilePage,
                ),
              },
              {
                path: 'settings',
                lazy: page(
                  () => import('@/features/profile/pages/profile-page'),
                  (m) => m.ProfilePage,
                ),
              },
              {
                path: 'support',
                lazy: page(
                  () => import('@/features/support/pages/support-page'),
                  (m) => m.SupportPage,
                ),
              },
            ],
          },
        ],
      },
      {
        path: 'admin',
        element: <AdminRoute />,
        children: [
          {
            lazy: page(
              () => import('./layouts/admin-layout'),
              (m) => m.AdminLayout,
            ),
            children: [
              {
                index: true,
                lazy: page(
                  () => import('@/features/admin-dashboard/pages/admin-dashboard-page'),
                  (m) => m.AdminDashboardPage,
                ),
              },
              {
                path: 'dashboard',
                lazy: page(
                  () => import('@/features/admin-dashboard/pages/admin-dashboard-page'),
                  (m) => m.AdminDashboardPage,
                ),
              },
              {
                path: 'users',
                lazy: page(
                  () => import('@/features/admin-users/pages/admin-users-page'),
                  (m) => m.AdminUsersPage,
                ),
              },
              {
                path: 'users/:id',
                lazy: page(
                  () => import('@/features/admin-users/pages/admin-user-detail-page'),
                  (m) => m.AdminUserDetailPage,
                ),
              },
              {
                path: 'withdrawals',
                lazy: page(
                  () => import('@/features/admin-withdrawals/pages/admin-withdrawals-page'),
                  (m) => m.AdminWithdrawalsPage,
                ),
              },
              {
                path: 'withdrawals/:id',
                lazy: page(
                  () => import('@/features/admin-withdrawals/pages/admin-withdrawal-detail-page'),
                  (m) => m.AdminWithdrawalDetailPage,
                ),
              },
              {
                path: 'rewards',
                lazy: page(
                  () => import('@/features/admin-rewards/pages/admin-rewards-page'),
                  (m) => m.AdminRewardsPage,
                ),
              },
              {
                path: 'cycles',
                lazy: page(
                  () => import('@/features/admin-cycles/pages/admin-cycles-page'),
                  (m) => m.AdminCyclesPage,
                ),
              },
              {
                path: 'cycles/:id',
                lazy: page(
                  () => import('@/features/admin-cycles/pages/admin-cycle-detail-page'),
                  (m) => m.AdminCycleDetailPage,
                ),
              },
              {
                path: 'user-reports',
                lazy: page(
                  () => import('@/features/admin-users/pages/admin-user-reports-page'),
                  (m) => m.AdminUserReportsPage,
                ),
              },
              {
                path: 'settings',
                lazy: page(
                  () => import('@/features/admin-settings/pages/admin-settings-page'),
                  (m) => m.AdminSettingsPage,
                ),
              },
              {
                path: 'exchange',
                lazy: page(
                  () => import('@/features/admin-exchange/pages/admin-exchange-page'),
                  (m) => m.AdminExchangePage,
                ),
              },
              {
                path: 'uid-claims',
                lazy: page(
                  () => import('@/features/admin-exchange/pages/admin-uid-claims-page'),
                  (m) => m.AdminUidClaimsPage,
                ),
              },
              {
                path: 'risk',
                lazy: page(
                  () => import('@/features/admin-risk/pages/admin-risk-page'),
                  (m) => m.AdminRiskPage,
                ),
              },
              {
                path: 'treasury',
                lazy: page(
                  () => import('@/features/admin-treasury/pages/admin-treasury-page'),
                  (m) => m.AdminTreasuryPage,
                ),
              },
              {
                path: 'reconciliation',
                lazy: page(
                  () => import('@/features/admin-reconciliation/pages/admin-reconciliation-page'),
                  (m) => m.AdminReconciliationPage,
                ),
              },
              {
                path: 'compliance/runs/:id',
                lazy: page(
                  () => import('@/features/admin-compliance/pages/admin-compliance-run-page'),
                  (m) => m.AdminComplianceRunPage,
                ),
              },
              {
                path: 'audit-log',
                lazy: page(
                  () => import('@/features/admin-audit-log/pages/admin-audit-log-page'),
                  (m) => m.AdminAuditLogPage,
                ),
              },
            ],
          },
        ],
      },
    ],
  },
];

export type AppRouter = ReturnType<typeof createBrowserRouter>;

export function createAppRouter(): AppRouter {
  return createBrowserRouter(routes);
}

/**
 * Resolves once the first location's lazy modules are loaded, so the first render shows the page
 * itself (no spinner over the pre-rendered landing page).
 */
export function routerReady(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
