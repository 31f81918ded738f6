import { REFERRAL_LEVELS, REWARD_TYPES, type RewardType } from '@ctn/contracts/constants';
import { Search } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';

const LEVELS = Array.from({ length: REFERRAL_LEVELS }, (_, i) => i + 1);

const labelClass = 'text-sm font-medium text-fg-muted';

/** Search, type (All, DIRECT, DOWNLINE), level (1 to 15) and, beyond the spec, the cycle. */
export function RewardsFilters({
  search,
  onSearch,
  type,
  onType,
  level,
  onLevel,
  cycle,
  onCycle,
}: {
  search: string;
  onSearch: (value: string) => void;
  type: RewardType | null;
  onType: (value: RewardType | null) => void;
  level: number | null;
  onLevel: (value: number | null) => void;
  cycle: string;
  onCycle: (value: string) => void;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_auto_auto_auto] lg:items-end">
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-subtle"
          aria-hidden="true"
        />
        <Input
          type="search"
          aria-label="Search rewards"
          placeholder="Search by member name, email or user ID"
          value={search}
          onChange={(e) => onSearch(e.target.value)}
          className="pl-9"
        />
      </div>
      <div className="flex items-center gap-2">
        <label htmlFor="admin-rewards-type" className={labelClass}>
          Type
        </label>
        <NativeSelect
          id="admin-rewards-type"
          className="flex-1 lg:w-36"
          value={type ?? ''}
          onChange={(e) => onType(e.target.value === '' ? null : (e.target.value as RewardType))}
        >
          <option value="">All</option>
          {REWARD_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex items-center gap-2">
        <label htmlFor="admin-rewards-level" className={labelClass}>
          Level
        </label>
        <NativeSelect
          id="admin-rewards-level"
          className="flex-1 lg:w-28"
          value={level ?? ''}
          onChange={(e) => onLevel(e.target.value === '' ? null : Number(e.target.value))}
        >
          <option value="">All</option>
          {LEVELS.map((l) => (
            <option key={l} value={l}>
              {l}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex items-center gap-2">
        <label htmlFor="admin-rewards-cycle" className={labelClass}>
          Cycle
        </label>
        <Input
          id="admin-rewards-cycle"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          placeholder="Cycle #"
          value={cycle}
          onChange={(e) => onCycle(e.target.value)}
          className="h-10 flex-1 lg:w-28"
        />
      </div>
    </div>
  );
}
