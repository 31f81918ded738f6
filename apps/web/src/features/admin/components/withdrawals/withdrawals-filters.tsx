import { WITHDRAWAL_STATUSES, type WithdrawalStatus } from '@ctn/contracts/constants';
import { Search } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { statusText } from '../../lib/format';
import { NativeSelect } from '@/components/ui/native-select';

/** Search (member name, email, user ID or wallet address) and the status filter. */
export function WithdrawalsFilters({
  search,
  onSearch,
  status,
  onStatus,
}: {
  search: string;
  onSearch: (value: string) => void;
  status: WithdrawalStatus | null;
  onStatus: (value: WithdrawalStatus | null) => void;
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
          aria-label="Search withdrawals"
          placeholder="Search by member name, email, user ID or wallet address"
          value={search}
          onChange={(e) => onSearch(e.target.value)}
          className="pl-9"
        />
      </div>
      <div className="flex items-center gap-2">
        <label htmlFor="admin-withdrawals-status" className="text-sm font-medium text-fg-muted">
          Status
        </label>
        <NativeSelect
          id="admin-withdrawals-status"
          className="flex-1 sm:w-52"
          value={status ?? ''}
          onChange={(e) =>
            onStatus(e.target.value === '' ? null : (e.target.value as WithdrawalStatus))
          }
        >
          <option value="">All Status</option>
          {WITHDRAWAL_STATUSES.map((s) => (
            <option key={s} value={s}>
              {statusText(s)}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}
