import { RefreshButton } from '@/components/ui/refresh-button';
import type { AdminUserListItem } from '@ctn/contracts/admin';
import { useQueryClient } from '@tanstack/react-query';
import {
  BadgeCheck,
  CircleDollarSign,
  Lock,
  MailWarning,
  UserCheck,
  UserX,
  Users,
  Rocket,
} from 'lucide-react';
import { useState } from 'react';
import { PageTitle } from '@/components/page-title';
import { Spinner } from '@/components/ui/spinner';
import { adminUsersKeys, useAdminUsers } from '../api/get-admin-users';
import { EditStatusDialog } from '../components/edit-status-dialog';
import { ExportButton } from '@/components/export-button';
import { FilterBar, listSearch } from '@/components/filter-bar';
import { ListCard } from '@/components/list-card';
import { countOf } from '@/lib/format';
import { SimplePagination } from '@/components/ui/simple-pagination';
import { StatCard, StatGrid } from '@/components/ui/stat-card';
import { UsersTable } from '../components/users-table';
import { useListFilters } from '@/lib/use-list-filters';

const FILTERS = { keys: ['search'], typed: ['search'] } as const;

/** /admin/users: statistics, debounced search, the user table and the edit-status flow. */
export function AdminUsersPage() {
  const queryClient = useQueryClient();
  const filters = useListFilters(FILTERS);
  const [editing, setEditing] = useState<AdminUserListItem | null>(null);
  const users = useAdminUsers({ page: filters.page, search: filters.values.search });
  const stats = users.data?.stats;
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
          <ExportButton
            list="users"
            query={{ search: filters.values.search, sort: '-createdAt' }}
          />
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

      <ListCard
        title="All Users"
        filters={
          <FilterBar
            {...listSearch(filters, 'search', {
              label: 'Search users',
              placeholder: 'Search by name, email or user ID',
            })}
          />
        }
        query={users}
        loading={
          <p className="flex items-center justify-center gap-2 py-12 text-fg-muted" role="status">
            <Spinner />
            Loading users...
          </p>
        }
        failedText="Failed to fetch users"
        exceptionText="An error occurred while fetching users"
        isEmpty={(data) => data.users.length === 0}
        emptyText="No users found"
        pagination={({ pagination }) => (
          <SimplePagination
            label="Users pages"
            pagination={pagination}
            onPage={filters.setPage}
            summary={countOf(pagination.totalUsers, 'user')}
          />
        )}
      >
        {(data) => <UsersTable users={data.users} onEditStatus={setEditing} />}
      </ListCard>

      <EditStatusDialog user={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
