// What the web audit looks at: every page of the app's route table (e2e/support/route-table.ts)
// with the demo data, open states that only exist after an interaction, and the views (widths and
// themes) each is seen in. A new route is audited without being added here; only a route with
// parameters needs a line in `concrete`, and the audit stops until it has one.
import type { Page } from '@playwright/test';
import { pageRoutes, type Audience, type PageRoute } from '../support/route-table';
import { DEMO_REFERRAL_CODE } from '../support/server';
import type { AuditIds } from './sessions';

/** An id no record has: the detail pages' not-found state. */
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

export interface AuditPage {
  name: string;
  audience: Audience;
  path: (ids: AuditIds) => string;
  /** The path the page must end on, when not its own (a guard that redirected would otherwise be audited in its place). */
  expect?: string;
}

/** Every page of the route table, with its parameters filled in; and the landing page signed in. */
export function auditPages(): AuditPage[] {
  return [
    ...pageRoutes().flatMap(concrete),
    { name: 'landing-signed-in', audience: 'member', path: () => '/' },
  ];
}

/** The route's concrete addresses: parameters filled in, and variants worth their own look. */
function concrete({ path, audience }: PageRoute): AuditPage[] {
  const page = (name: string, to: string | AuditPage['path'], expect?: string): AuditPage => ({
    name,
    audience,
    path: typeof to === 'string' ? () => to : to,
    ...(expect ? { expect } : {}),
  });
  switch (path) {
    case '/':
      return [page('landing', path)];
    case '*':
      return [page('not-found', '/no-such-page')];
    case '/ref/:refCode':
      return [page('referral-link', `/ref/${DEMO_REFERRAL_CODE}`, '/')];
    case '/reset-password':
      return [
        page('reset-password', (ids) => `/reset-password?token=${ids.resetToken}`),
        page('reset-password-dead-link', '/reset-password?token=audit-token'),
      ];
    case '/verify-email':
      return [
        page('verify-email-pending', path),
        page('verify-email-error', '/verify-email?token=audit-invalid-token'),
      ];
    case '/contact':
      // As a receipt's "wrong payment" link opens it: topic, subject and message filled in.
      return [
        page('contact', path),
        page(
          'contact-prefilled',
          `/contact?topic=payment&subject=${encodeURIComponent('Wrong payment 0x5e1f…9a2c')}&message=${encodeURIComponent('I paid 10 USDT on the wrong network.')}`,
        ),
      ];
    case '/admin':
      return [page('admin-root', path)];
    case '/admin/users/:id':
      return [page('admin-user-detail', (ids) => `/admin/users/${ids.memberId}`)];
    case '/admin/withdrawals/:id':
      return [page('admin-withdrawal-detail', `/admin/withdrawals/${UNKNOWN_ID}`)];
    case '/admin/compliance/runs/:id':
      // The demo enforces compliance, so it has no shadow run: the page's refusal state.
      return [page('admin-compliance-run', `/admin/compliance/runs/${UNKNOWN_ID}`)];
    case '/admin/cycles/:id':
      return [page('admin-cycle-detail', (ids) => `/admin/cycles/${ids.cycleId}`)];
    case '/rewards/cycles/:number':
      return [page('cycle-statement', (ids) => `/rewards/cycles/${ids.cycleNumber}`)];
  }
  if (path.includes(':'))
    throw new Error(`web audit: no value for the parameters of ${path} (concrete() in pages.ts)`);
  return [page(path.slice(1).replaceAll('/', '-'), path)];
}

export interface OpenState {
  name: string;
  audience: 'guest' | 'member';
  path: string;
  /** Only where the app shows it: the mobile menus under 1024 px, the sidebar from it. */
  at?: 'mobile' | 'desktop';
  act: (page: Page) => Promise<void>;
}

/** Open states worth auditing too: they only exist after an interaction. */
export const STATES: OpenState[] = [
  {
    name: 'landing-faq-open-card-flipped',
    audience: 'guest',
    path: '/',
    act: async (page) => {
      await page.getByRole('button', { name: /what is copy trading/i }).click();
      await page
        .getByRole('button', { name: /show details/i })
        .first()
        .click();
    },
  },
  {
    name: 'landing-mobile-menu',
    audience: 'guest',
    path: '/',
    at: 'mobile',
    act: (page) => page.getByRole('button', { name: 'Open menu' }).click(),
  },
  {
    name: 'member-mobile-menu',
    audience: 'member',
    path: '/dashboard',
    at: 'mobile',
    act: (page) => page.getByRole('button', { name: 'Open menu' }).click(),
  },
  {
    name: 'member-user-menu',
    audience: 'member',
    path: '/dashboard',
    at: 'desktop',
    act: (page) => page.getByRole('button', { name: /account menu/i }).click(),
  },
  {
    name: 'member-sidebar-collapsed',
    audience: 'member',
    path: '/dashboard',
    at: 'desktop',
    act: async (page) => {
      await page.getByRole('button', { name: 'Collapse sidebar' }).click();
      await page
        .getByRole('navigation', { name: 'Member pages' })
        .getByRole('link')
        .first()
        .focus();
    },
  },
  {
    name: 'profile-change-password-error',
    audience: 'member',
    path: '/profile',
    act: async (page) => {
      await page.getByRole('button', { name: 'Change Password' }).click();
      await page.getByRole('button', { name: 'Update Password' }).click();
    },
  },
];

export interface View {
  width: number;
  height: number;
  theme: 'light' | 'dark';
  /** axe rules to run; all of them when absent. */
  rules?: string[];
  /** Only this audience's pages. */
  only?: Audience;
}

/** In dark views only the colours change: axe checks contrast there (every rule in light views). */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * 1440 and 375 px in both themes; the admin pages also at 1280 px, the narrowest desktop width
 * where their tables must keep the actions column in sight.
 */
export const VIEWS: View[] = [
  { width: 1440, height: 900, theme: 'light' },
  { width: 1440, height: 900, theme: 'dark', rules: COLOUR_RULES },
  { width: 375, height: 812, theme: 'light' },
  { width: 375, height: 812, theme: 'dark', rules: COLOUR_RULES },
  { width: 1280, height: 800, theme: 'light', only: 'admin' },
];

/** The app's mobile layout ends here (its `lg` breakpoint). */
export const DESKTOP_FROM = 1024;
