import { REFERRAL_LEVELS, REWARD_TYPES, type RewardType } from '@ctn/contracts/constants';
import {
  FilterBar,
  FilterField,
  FilterSelect,
  plainOptions,
  listSearch,
} from '@/components/filter-bar';
import { Input } from '@/components/ui/input';
import type { ListFilters } from '@/lib/use-list-filters';

const TYPE_OPTIONS = plainOptions(REWARD_TYPES);
const LEVEL_OPTIONS = plainOptions(Array.from({ length: REFERRAL_LEVELS }, (_, i) => i + 1));

/** Search, type (All, DIRECT, DOWNLINE), level (1 to 15) and, beyond the spec, the cycle. */
export function RewardsFilters({
  filters,
  type,
  level,
}: {
  filters: ListFilters<'search' | 'type' | 'level' | 'cycle'>;
  type: RewardType | null;
  level: number | null;
}) {
  return (
    <FilterBar
      {...listSearch(filters, 'search', {
        label: 'Search rewards',
        placeholder: 'Search by member name, email or user ID',
      })}
    >
      <FilterSelect
        label="Type"
        allLabel="All"
        options={TYPE_OPTIONS}
        value={type ?? ''}
        onChange={(value) => filters.setFilter('type', value)}
        className="sm:w-36"
      />
      <FilterSelect
        label="Level"
        allLabel="All"
        options={LEVEL_OPTIONS}
        value={level === null ? '' : String(level)}
        onChange={(value) => filters.setFilter('level', value)}
        className="sm:w-28"
      />
      <FilterField label="Cycle">
        {(id) => (
          <Input
            id={id}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            placeholder="Cycle #"
            value={filters.inputs.cycle}
            onChange={(e) => filters.setFilter('cycle', e.target.value)}
            className="h-10 flex-1 sm:w-28"
          />
        )}
      </FilterField>
    </FilterBar>
  );
}
