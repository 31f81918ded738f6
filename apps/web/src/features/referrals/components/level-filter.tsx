import { REFERRAL_LEVELS } from '@ctn/contracts/constants';
import { ChevronDown } from 'lucide-react';

const LEVELS = Array.from({ length: REFERRAL_LEVELS }, (_, i) => i + 1);

/** All Levels, then Level 1 to Level 15. */
export function LevelFilter({
  value,
  onChange,
}: {
  value: number | undefined;
  onChange: (level: number | undefined) => void;
}) {
  return (
    <div className="flex items-center gap-2">
      <label htmlFor="referral-level-filter" className="text-sm font-medium text-fg-muted">
        Level
      </label>
      <div className="relative">
        <select
          id="referral-level-filter"
          value={value ?? ''}
          onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))}
          className="h-10 appearance-none rounded-lg border border-border-strong bg-surface py-0 pr-9 pl-3 text-sm text-fg shadow-xs focus:border-primary focus:ring-4 focus:ring-ring/20 focus:outline-none"
        >
          <option value="">All Levels</option>
          {LEVELS.map((level) => (
            <option key={level} value={level}>
              Level {level}
            </option>
          ))}
        </select>
        <ChevronDown
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-fg-subtle"
          aria-hidden="true"
        />
      </div>
    </div>
  );
}
