import { RefreshButton } from '@/components/ui/refresh-button';
import type { AdminUserListItem } from '@ctn/contracts/admin';
import { useQueryClient } from '@tanstack/react-query';
import {
  BadgeCheck,
  CircleDollarSign,
  Lock,
  MailWarning,
  Search,
  UserCheck,
  UserX,
  Users,
  Rocket,
} from 'lucide-react';
import { useState } from 'react';
import { PageTitle } from '@/components/page-title';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { adminUsersKeys, useAdminUsers } from '../api/get-admin-users';
import { EditStatusDialog } from '../components/edit-status-dialog';
import { ExportButton } from '@/components/export-button';
import { SimplePagination } from '@/components/ui/simple-pagination';
import { StatCard, StatGrid } from '@/components/ui/stat-card';
import { UsersTable } from '../components/users-table';
import { useDebouncedValue } from '@/lib/use-debounced-value';

/** /admin/users: statistics, debounced search, the user table and the edit-status flow. */
export function AdminUsersPage() {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput.trim());
  const [appliedSearch, setAppliedSearch] = useState('');
  // A new search term starts again at page 1.
  if (search !== appliedSearch) {
    setAppliedSearch(search);
    setPage(1);
  }
  const [editing, setEditing] = useState<AdminUserListItem | null>(null);
  const users = useAdminUsers({ page, search: appliedSearch });
  const data = users.data;
  const stats = data?.stats;
  const refreshing = users.isFetching && !users.isPending;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: adminUsersKeys.all });

  return (
    <div className="space-y-6">
      <PageTitle title="Users" />
      <header className="flex items-start justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">Users</h1>
          <p className="text-fg-muted">Manage Users</p>
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <ExportButton list="users" query={{ search: appliedSearch, sort: '-createdAt' }} />
          <RefreshButton onClick={refresh} refreshing={refreshing} />
        </div>
      </header>

      <StatGrid label="User Statistics">
        <StatCard
          label="Total Users"
          value={stats?.totalUsers ?? 0}
          icon={Users}
          loading={!stats}
        />
        <StatCard
          label="Active"
          value={stats?.activeUsers ?? 0}
          icon={UserCheck}
          loading={!stats}
        />
        <StatCard label="Locked" value={stats?.lockedUsers ?? 0} icon={Lock} loading={!stats} />
        <StatCard
          label="Disabled"
          value={stats?.disabledUsers ?? 0}
          icon={UserX}
          loading={!stats}
        />
        <StatCard
          label="Verified"
          value={stats?.verifiedUsers ?? 0}
          icon={BadgeCheck}
          loading={!stats}
        />
        <StatCard
          label="Unverified"
          value={stats?.unverifiedUsers ?? 0}
          icon={MailWarning}
          loading={!stats}
        />
        <StatCard
          label="Onboarding Completed"
          value={stats?.onboardingCompleted ?? 0}
          icon={Rocket}
          loading={!stats}
        />
        <StatCard
          label="Subscription Paid"
          value={stats?.subscriptionPaid ?? 0}
          icon={CircleDollarSign}
          loading={!stats}
        />
      </StatGrid>

      <Card className="overflow-hidden">
        <div className="flex flex-wrap items-center justify-between gap-3 px-4 pt-5 pb-4 sm:px-6">
          <h2 className="text-lg font-semibold tracking-tight text-fg">All Users</h2>
          <div className="relative w-full sm:w-80">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-subtle"
              aria-hidden="true"
            />
            <Input
              type="search"
              aria-label="Search users"
              placeholder="Search by name, email or user ID"
              value={searchInput}
              onChange={(e) => setSearchInput(e.target.value)}
              className="pl-9"
            />
          </div>
        </div>
        <div className="border-t border-border p-4 sm:p-6" aria-busy={users.isFetching}>
          {users.isPending ? (
            <p className="flex items-center justify-center gap-2 py-12 text-fg-muted" role="status">
              <Spinner />
              Loading users...
            </p>
          ) : users.isError && !data ? (
            <div className="space-y-3">
              <Alert variant="error">
                {errorMessage(
                  users.error,
                  'Failed to fetch users',
                  'An error occurred while fetching users',
                )}
              </Alert>
              <Button variant="outline" onClick={() => void users.refetch()}>
                Retry
              </Button>
            </div>
          ) : data && data.users.length === 0 ? (
            <p className="py-12 text-center font-medium text-fg-muted">No users found</p>
          ) : data ? (
            <div className={users.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
              <UsersTable users={data.users} onEditStatus={setEditing} />
            </div>
          ) : null}
        </div>
        {data && data.users.length > 0 ? (
          <SimplePagination
            label="Users pages"
            page={data.pagination.currentPage}
            totalPages={data.pagination.totalPages}
            hasPrev={data.pagination.hasPrev}
            hasNext={data.pagination.hasNext}
            onPage={setPage}
            summary={`${data.pagination.totalUsers} ${data.pagination.totalUsers === 1 ? 'user' : 'users'}`}
          />
        ) : null}
      </Card>

      <EditStatusDialog user={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
