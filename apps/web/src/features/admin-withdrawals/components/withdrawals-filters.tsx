import type { WithdrawalStatus } from '@ctn/contracts/constants';
import { FilterBar, FilterSelect, listSearch } from '@/components/filter-bar';
import type { ListFilters } from '@/lib/use-list-filters';
import { WITHDRAWAL_STATUS_OPTIONS } from '@/lib/admin/format';

/** Search (member name, email, user ID or wallet address) and the status filter. */
export function WithdrawalsFilters({
  filters,
  status,
}: {
  filters: ListFilters<'search' | 'status'>;
  status: WithdrawalStatus | null;
}) {
  return (
    <FilterBar
      {...listSearch(filters, 'search', {
        label: 'Search withdrawals',
        placeholder: 'Search by member name, email, user ID or wallet address',
      })}
    >
      <FilterSelect
        label="Status"
        allLabel="All Status"
        options={WITHDRAWAL_STATUS_OPTIONS}
        value={status ?? ''}
        onChange={(value) => filters.setFilter('status', value)}
        className="sm:w-52"
      />
    </FilterBar>
  );
}
