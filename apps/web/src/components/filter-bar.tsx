import { Search, X } from 'lucide-react';
import { useId, useRef, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { cn } from '@/lib/cn';
import type { ListFilters } from '@/lib/use-list-filters';

/**
 * The filters above a list: a search box, then selects and other fields, then "Reset filters"
 * once something is set. One row where it fits, stacked full width on a phone; every control is
 * a native one with its label, so the keyboard and screen readers work as the platform does.
 */
export function FilterBar({
  search,
  canReset = false,
  onReset,
  children,
}: {
  search?: {
    /** The box's accessible name (it has no visible label; the placeholder says what it finds). */
    label: string;
    placeholder: string;
    value: string;
    onChange: (value: string) => void;
  };
  canReset?: boolean;
  onReset?: () => void;
  children?: ReactNode;
}) {
  const searchBox = useRef<HTMLInputElement>(null);
  // The Reset button leaves with the filters it clears: focus goes to the first control rather
  // than being lost to the page.
  const reset = () => {
    onReset?.();
    searchBox.current?.focus();
  };
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
      {search ? (
        <div className="relative sm:min-w-64 sm:flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-subtle"
            aria-hidden="true"
          />
          <Input
            ref={searchBox}
            type="search"
            aria-label={search.label}
            placeholder={search.placeholder}
            value={search.value}
            onChange={(e) => search.onChange(e.target.value)}
            className="pl-9"
          />
        </div>
      ) : null}
      {children}
      {canReset && onReset ? (
        <Button variant="ghost" onClick={reset} className="self-start sm:self-auto">
          <X className="size-4" aria-hidden="true" />
          Reset filters
        </Button>
      ) : null}
    </div>
  );
}

/**
 * FilterBar's search box and Reset bound to a list's URL filters (useListFilters): the box types
 * into the filter `key`, Reset clears every filter. `<FilterBar {...listSearch(filters, ...)}>`.
 */
export function listSearch<K extends string>(
  filters: ListFilters<K>,
  key: K,
  { label, placeholder }: { label: string; placeholder: string },
) {
  return {
    search: {
      label,
      placeholder,
      value: filters.inputs[key],
      onChange: (value: string) => filters.setFilter(key, value),
    },
    canReset: filters.filtered,
    onReset: filters.reset,
  };
}

const labelClass = 'shrink-0 text-sm font-medium text-fg-muted';

/** A labelled field of the bar; `children` gets the id its control must carry. */
export function FilterField({
  label,
  children,
}: {
  label: string;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children(id)}
    </div>
  );
}

export interface FilterOption {
  value: string;
  label: string;
}

/**
 * A select of the bar. Its first option, `allLabel`, is the value '' (not filtered). `hideLabel`
 * names it for assistive technology only, where the options say what it filters.
 */
export function FilterSelect({
  label,
  hideLabel = false,
  allLabel,
  options,
  value,
  onChange,
  className,
}: {
  label: string;
  hideLabel?: boolean;
  allLabel: string;
  options: readonly FilterOption[];
  value: string;
  onChange: (value: string) => void;
  /** The select's width beside the others (it takes the whole row on a phone). */
  className?: string;
}) {
  const select = (id?: string) => (
    <NativeSelect
      id={id}
      aria-label={hideLabel ? label : undefined}
      className={cn(!hideLabel && 'flex-1', className)}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    >
      <option value="">{allLabel}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </NativeSelect>
  );
  return hideLabel ? select() : <FilterField label={label}>{select}</FilterField>;
}

/** Options whose label is the value itself (`DIRECT`, `1`...). */
export function plainOptions(values: readonly (string | number)[]): FilterOption[] {
  return values.map((value) => ({ value: String(value), label: String(value) }));
}
