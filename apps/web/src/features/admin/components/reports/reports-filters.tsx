import { USER_STATUSES, type UserStatus } from '@ctn/contracts/constants';
import { Search } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';

/** Search (name, email, user ID) and status (All, ACTIVE, LOCKED, DISABLED). */
export function ReportsFilters({
  search,
  onSearch,
  status,
  onStatus,
}: {
  search: string;
  onSearch: (value: string) => void;
  status: UserStatus | null;
  onStatus: (value: UserStatus | null) => void;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center">
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-subtle"
          aria-hidden="true"
        />
        <Input
          type="search"
          aria-label="Search members"
          placeholder="Search by name, email or user ID"
          value={search}
          onChange={(e) => onSearch(e.target.value)}
          className="pl-9"
        />
      </div>
      <div className="flex items-center gap-2">
        <label htmlFor="user-reports-status" className="text-sm font-medium text-fg-muted">
          Status
        </label>
        <NativeSelect
          id="user-reports-status"
          className="flex-1 sm:w-40"
          value={status ?? ''}
          onChange={(e) => onStatus(e.target.value === '' ? null : (e.target.value as UserStatus))}
        >
          <option value="">All</option>
          {USER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}
