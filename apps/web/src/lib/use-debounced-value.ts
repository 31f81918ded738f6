import { SEARCH_DEBOUNCE_MS } from '@ctn/contracts/constants';
import { useEffect, useState } from 'react';

/** `value`, once it has not changed for `delayMs` (searches: 500 ms by default). */
export function useDebouncedValue<T>(value: T, delayMs: number = SEARCH_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
