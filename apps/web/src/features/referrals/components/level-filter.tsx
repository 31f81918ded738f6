import { REFERRAL_LEVELS } from '@ctn/contracts/constants';
import { NativeSelect } from '@/components/ui/native-select';

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
      <NativeSelect
        id="referral-level-filter"
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))}
      >
        <option value="">All Levels</option>
        {LEVELS.map((level) => (
          <option key={level} value={level}>
            Level {level}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
