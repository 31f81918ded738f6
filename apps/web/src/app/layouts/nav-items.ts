import {
  CalendarSync,
  ChartColumn,
  Gift,
  Landmark,
  LayoutDashboard,
  LifeBuoy,
  Network,
  PlugZap,
  Scale,
  ScrollText,
  Settings,
  ShieldAlert,
  ShieldQuestionMark,
  UserCog,
  Users,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import { paths } from '@/lib/paths';

export interface NavItem {
  to: string;
  label: string;
  subtitle?: string;
  icon?: LucideIcon;
  /** Other paths on which this entry counts as active. */
  alsoActiveOn?: readonly string[];
  /** Active only on exactly `to`. */
  end?: boolean;
}

/** Public links of the navigation bar (member section 2, "Navigation bar"). */
export const PUBLIC_LINKS: readonly NavItem[] = [
  { to: paths.home, label: 'Home', end: true },
  { to: paths.landing.copyTrading, label: 'Copy Trading' },
  { to: paths.landing.earn, label: 'Earn' },
  { to: paths.contact, label: 'Contact Us' },
];

/** The mobile menu's entries on member routes. */
export const MEMBER_MOBILE_LINKS: readonly NavItem[] = [
  { to: paths.dashboard, label: 'Dashboard' },
  { to: paths.referrals, label: 'Referrals' },
  { to: paths.rewards, label: 'Rewards' },
  { to: paths.userTree, label: 'User Tree' },
  { to: paths.profile, label: 'Profile', alsoActiveOn: [paths.settings] },
];

/** Routes on which the mobile menu lists MEMBER_MOBILE_LINKS instead of the public links. */
export const MEMBER_MOBILE_MENU_ROUTES: readonly string[] = [
  paths.dashboard,
  paths.referrals,
  paths.rewards,
  paths.profile,
  paths.settings,
  paths.support,
];

/** The member sidebar (member section 2, "Member pages"). */
export const MEMBER_SIDEBAR: readonly NavItem[] = [
  { to: paths.dashboard, label: 'Dashboard', subtitle: 'Overview & Stats', icon: LayoutDashboard },
  { to: paths.referrals, label: 'Referrals', subtitle: 'Invite & Earn', icon: Users },
  { to: paths.userTree, label: 'User Tree', subtitle: 'Referral Network', icon: Network },
  { to: paths.rewards, label: 'Rewards', subtitle: 'Your Earnings', icon: Gift },
  {
    to: paths.profile,
    label: 'Profile',
    subtitle: 'Profile & Security',
    icon: UserCog,
    alsoActiveOn: [paths.settings],
  },
  { to: paths.support, label: 'Help & Support', subtitle: 'Get Assistance', icon: LifeBuoy },
];

/** The bottom bar of member pages below large screens: the mobile menu's entries, with icons. */
export const MEMBER_BOTTOM_NAV: readonly NavItem[] = [
  { to: paths.dashboard, label: 'Dashboard', icon: LayoutDashboard },
  { to: paths.referrals, label: 'Referrals', icon: Users },
  { to: paths.rewards, label: 'Rewards', icon: Gift },
  { to: paths.userTree, label: 'User Tree', icon: Network },
  { to: paths.profile, label: 'Profile', icon: UserCog, alsoActiveOn: [paths.settings] },
];

/** The admin sidebar (admin section 2, "Admin layout"), plus the reward cycles. */
export const ADMIN_SIDEBAR: readonly NavItem[] = [
  {
    to: paths.admin.dashboard,
    label: 'Dashboard',
    subtitle: 'Overview & Analytics',
    icon: LayoutDashboard,
    alsoActiveOn: [paths.admin.root],
  },
  { to: paths.admin.users, label: 'Users', subtitle: 'Manage Users', icon: Users },
  { to: paths.admin.withdrawals, label: 'Withdrawals', subtitle: 'Review Requests', icon: Wallet },
  { to: paths.admin.rewards, label: 'Rewards', subtitle: 'Reward Distribution', icon: Gift },
  // Beyond the spec's list: the reports page it describes needs a way in.
  {
    to: paths.admin.userReports,
    label: 'User Reports',
    subtitle: 'Activity & Trading',
    icon: ChartColumn,
  },
  // Beyond the spec.
  {
    to: paths.admin.cycles,
    label: 'Reward Cycles',
    subtitle: 'DOWNLINE batches',
    icon: CalendarSync,
  },
  { to: paths.admin.settings, label: 'Settings', subtitle: 'Admin Settings', icon: Settings },
  // Beyond the spec.
  {
    to: paths.admin.reconciliation,
    label: 'Reconciliation',
    subtitle: 'Chain & Ledger',
    icon: Scale,
  },
  // Beyond the spec (decision 046).
  {
    to: paths.admin.treasury,
    label: 'Treasury',
    subtitle: 'Holdings & Coverage',
    icon: Landmark,
  },
  { to: paths.admin.exchange, label: 'Exchange', subtitle: 'BingX Connection', icon: PlugZap },
  {
    to: paths.admin.uidClaims,
    label: 'UID Claims',
    subtitle: 'BingX Disputes',
    icon: ShieldQuestionMark,
  },
  // Beyond the spec (docs/security.md, "Risk center").
  { to: paths.admin.risk, label: 'Risk Center', subtitle: 'Shared Accounts', icon: ShieldAlert },
  { to: paths.admin.auditLog, label: 'Audit Log', subtitle: 'Admin Activity', icon: ScrollText },
];

/** Whether `item` is the current page (prefix match unless `end`). */
export function isItemActive(item: NavItem, pathname: string): boolean {
  const matches = (target: string, end: boolean) =>
    pathname === target || (!end && target !== '/' && pathname.startsWith(`${target}/`));
  if (item.to.includes('#')) return false;
  if (matches(item.to, Boolean(item.end))) return true;
  return (item.alsoActiveOn ?? []).some((p) =>
    p === paths.admin.root ? pathname === p : matches(p, false),
  );
}
