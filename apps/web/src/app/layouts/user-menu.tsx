import type { User } from '@ctn/contracts/accounts';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, LayoutDashboard, LogOut, UserCog } from 'lucide-react';
import { Link } from 'react-router';
import { fullName } from '@/lib/format';
import { paths } from '@/lib/paths';
import { UserAvatar } from './user-avatar';

const itemClasses =
  'flex cursor-pointer items-center gap-2.5 rounded-lg px-3 py-2 text-sm outline-none select-none data-[highlighted]:bg-surface-muted';

/** The signed-in user's menu in the navigation bar (Radix: keyboard, focus and Escape handled). */
export function UserMenu({ user, onSignOut }: { user: User; onSignOut: () => void }) {
  const name = fullName(user);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={`Account menu for ${name}`}
        className="flex items-center gap-2 rounded-full py-1 pr-2 pl-1 transition-colors hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring data-[state=open]:bg-surface-muted"
      >
        <UserAvatar firstName={user.firstName} lastName={user.lastName} />
        <span className="max-w-36 truncate text-sm font-medium text-fg">{user.firstName}</span>
        <ChevronDown className="size-4 text-fg-subtle" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-[60] w-64 rounded-xl border border-border bg-surface p-1.5 shadow-xl shadow-slate-900/10 dark:shadow-black/40"
        >
          <DropdownMenu.Label className="flex items-center gap-3 px-3 py-2.5">
            <UserAvatar firstName={user.firstName} lastName={user.lastName} />
            <span className="min-w-0">
              <span className="block truncate text-sm font-semibold text-fg">{name}</span>
              <span className="block truncate text-xs text-fg-muted">{user.email}</span>
            </span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item asChild className={`${itemClasses} text-fg`}>
            <Link to={paths.dashboard}>
              <LayoutDashboard className="size-4 text-fg-subtle" aria-hidden="true" />
              Dashboard
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={`${itemClasses} text-fg`}>
            <Link to={paths.profile}>
              <UserCog className="size-4 text-fg-subtle" aria-hidden="true" />
              Profile Settings
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item onSelect={onSignOut} className={`${itemClasses} text-danger`}>
            <LogOut className="size-4" aria-hidden="true" />
            Sign Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
