import type { ReactNode } from 'react';
import { Field, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

/** One percent input per level, in a labelled group, with the group's own message under it. */
export function PercentInputs({
  id,
  legend,
  values,
  errors,
  groupError,
  onChange,
  footer,
}: {
  id: string;
  legend: string;
  values: string[];
  errors: (level: number) => string | undefined;
  groupError: string | undefined;
  onChange: (index: number, value: string) => void;
  footer?: ReactNode;
}) {
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold text-fg">{legend}</legend>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {values.map((value, i) => (
          <Field key={i} id={`${id}-${i + 1}`} label={`Level ${i + 1}`} error={errors(i)}>
            {(control) => (
              <div className="relative">
                <Input
                  {...control}
                  type="number"
                  inputMode="decimal"
                  min={0}
                  max={100}
                  step={0.01}
                  value={value}
                  onChange={(e) => onChange(i, e.target.value)}
                  className="h-10 pr-8"
                />
                <span
                  aria-hidden="true"
                  className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-sm text-fg-subtle"
                >
                  %
                </span>
              </div>
            )}
          </Field>
        ))}
      </div>
      {groupError ? <FieldError>{groupError}</FieldError> : null}
      {footer}
    </fieldset>
  );
}
