import { REFERRAL_LEVELS, REWARDS_PAGE_SIZES, type RewardType } from '@ctn/contracts/constants';
import type { RewardSort } from '@ctn/contracts/rewards';
import { useId, type ReactNode } from 'react';
import { NativeSelect } from '@/components/ui/native-select';

export interface RewardsFilters {
  type: RewardType | undefined;
  level: number | undefined;
  sort: RewardSort;
  limit: number;
}

export const DEFAULT_REWARDS_FILTERS: RewardsFilters = {
  type: undefined,
  level: undefined,
  sort: '-createdAt',
  limit: REWARDS_PAGE_SIZES[0],
};

const TYPES: { value: RewardType | ''; label: string }[] = [
  { value: '', label: 'All Types' },
  { value: 'DIRECT', label: 'Referral Rewards' },
  { value: 'DOWNLINE', label: 'Trading Rewards' },
];

const LEVELS = Array.from({ length: REFERRAL_LEVELS }, (_, i) => i + 1);

const SORTS: { value: RewardSort; label: string }[] = [
  { value: '-createdAt', label: 'Newest First' },
  { value: 'createdAt', label: 'Oldest First' },
  { value: '-rewardAmount', label: 'Highest Amount' },
  { value: 'rewardAmount', label: 'Lowest Amount' },
];

/** Type, level, sort and page size of the Rewards History. */
export function RewardsFiltersBar({
  value,
  onChange,
}: {
  value: RewardsFilters;
  onChange: (next: RewardsFilters) => void;
}) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end">
      <FilterSelect
        label="Type"
        value={value.type ?? ''}
        onChange={(type) => onChange({ ...value, type: asType(type) })}
      >
        {TYPES.map((type) => (
          <option key={type.value} value={type.value}>
            {type.label}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect
        label="Level"
        value={value.level ?? ''}
        onChange={(level) =>
          onChange({ ...value, level: level === '' ? undefined : Number(level) })
        }
      >
        <option value="">All Levels</option>
        {LEVELS.map((level) => (
          <option key={level} value={level}>
            Level {level}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect
        label="Sort"
        value={value.sort}
        onChange={(sort) => onChange({ ...value, sort: asSort(sort) })}
      >
        {SORTS.map((sort) => (
          <option key={sort.value} value={sort.value}>
            {sort.label}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect
        label="Page size"
        value={value.limit}
        onChange={(limit) => onChange({ ...value, limit: Number(limit) })}
      >
        {REWARDS_PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size} per page
          </option>
        ))}
      </FilterSelect>
    </div>
  );
}

/** A select reports a string: back to the option it came from. */
const asType = (value: string) => TYPES.find((type) => type.value === value)?.value || undefined;
const asSort = (value: string) =>
  SORTS.find((sort) => sort.value === value)?.value ?? DEFAULT_REWARDS_FILTERS.sort;

function FilterSelect({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string | number;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-fg-muted">
        {label}
      </label>
      <NativeSelect
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        selectClassName="sm:w-auto"
      >
        {children}
      </NativeSelect>
    </div>
  );
}
