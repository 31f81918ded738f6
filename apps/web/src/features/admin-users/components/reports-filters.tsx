import { USER_STATUSES, type UserStatus } from '@ctn/contracts/constants';
import { FilterBar, FilterSelect, listSearch, plainOptions } from '@/components/filter-bar';
import type { ListFilters } from '@/lib/use-list-filters';

const STATUS_OPTIONS = plainOptions(USER_STATUSES);

/** Search (name, email, user ID) and status (All, ACTIVE, LOCKED, DISABLED). */
export function ReportsFilters({
  filters,
  status,
}: {
  filters: ListFilters<'search' | 'status'>;
  status: UserStatus | null;
}) {
  return (
    <FilterBar
      {...listSearch(filters, 'search', {
        label: 'Search members',
        placeholder: 'Search by name, email or user ID',
      })}
    >
      <FilterSelect
        label="Status"
        allLabel="All"
        options={STATUS_OPTIONS}
        value={status ?? ''}
        onChange={(value) => filters.setFilter('status', value)}
        className="sm:w-40"
      />
    </FilterBar>
  );
}
