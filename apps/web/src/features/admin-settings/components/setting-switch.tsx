import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface SettingSwitchProps {
  id: string;
  label: string;
  description: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}

/** One on/off setting: its label and what it does, and a switch (role="switch"). */
export function SettingSwitch({
  id,
  label,
  description,
  checked,
  onChange,
  disabled = false,
}: SettingSwitchProps) {
  return (
    <SettingRow id={id} label={label} description={description} labelsControl>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby={`${id}-description`}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className={cn(
          'relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 motion-reduce:transition-none',
          checked ? 'bg-primary' : 'bg-border-strong',
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            'inline-block size-5 rounded-full bg-white shadow-sm transition-transform motion-reduce:transition-none',
            checked ? 'translate-x-5.5' : 'translate-x-0.5',
          )}
        />
      </button>
    </SettingRow>
  );
}

/**
 * A setting's label and description on the left, its control (or its state) on the right.
 * `labelsControl`: the label names the control with this `id`; otherwise it is plain text.
 */
export function SettingRow({
  id,
  label,
  description,
  labelsControl = false,
  children,
}: {
  id: string;
  label: string;
  description: ReactNode;
  labelsControl?: boolean;
  children: ReactNode;
}) {
  const labelClass = 'text-sm font-medium text-fg';
  return (
    <div className="flex items-start justify-between gap-4 py-3">
      <div className="min-w-0 space-y-0.5">
        {labelsControl ? (
          <label htmlFor={id} className={labelClass}>
            {label}
          </label>
        ) : (
          <p className={labelClass}>{label}</p>
        )}
        <p id={`${id}-description`} className="text-sm text-fg-muted">
          {description}
        </p>
      </div>
      {children}
    </div>
  );
}
