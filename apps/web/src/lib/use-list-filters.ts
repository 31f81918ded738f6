import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigation, useSearchParams } from 'react-router';
import { useDebouncedValue } from './use-debounced-value';

/**
 * A list page's filters and page number, kept in the URL's search params, so a filtered list can
 * be linked to (a cycle's statement opens /admin/rewards?cycle=8), reloaded and returned to.
 *
 * - Each filter is one param holding text; absent and '' both mean "not filtered".
 * - A typed filter (a search box) shows what is typed at once, but reaches the URL, and so the
 *   list's request, trimmed and only once typing has paused (SEARCH_DEBOUNCE_MS): no request per
 *   keystroke.
 * - Any filter change starts the list again at page 1; page 1 is the URL without `page`.
 * - Changes replace the history entry: Back leaves the list rather than undoing a keystroke.
 */

const PAGE = 'page';

export interface ListFilterKeys<K extends string> {
  /** Every filter of the list, by its param name. */
  keys: readonly K[];
  /** Those typed in a text box: applied after the pause. */
  typed?: readonly K[];
}

export interface ListFilters<K extends string> {
  /** The filters the list is read with: the URL's values, '' when not set. */
  values: Readonly<Record<K, string>>;
  /** What the filter controls show: the text as typed for a typed filter, else its value. */
  inputs: Readonly<Record<K, string>>;
  page: number;
  /** Sets one filter (a typed one once typing pauses) and goes back to page 1. */
  setFilter: (key: K, value: string) => void;
  setPage: (page: number) => void;
  /** Clears every filter, typed text included, and goes back to page 1. */
  reset: () => void;
  /** Whether any filter is set or being typed (the filter bar offers Reset then). */
  filtered: boolean;
}

/** A filter's URL value when it is one of `allowed`, else null (a hand-edited URL filters nothing). */
export function oneOf<T extends string>(allowed: readonly T[], value: string): T | null {
  return (allowed as readonly string[]).includes(value) ? (value as T) : null;
}

function pageOf(raw: string | null): number {
  const page = Number(raw);
  return Number.isSafeInteger(page) && page > 1 ? page : 1;
}

/** `params` with `changes` applied ('' removes a filter), back at page 1. */
function withFilters(params: URLSearchParams, changes: Record<string, string>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === '') next.delete(key);
    else next.set(key, value);
  }
  next.delete(PAGE);
  return next;
}

const recordOf = <K extends string>(keys: readonly K[], value: (key: K) => string) =>
  Object.fromEntries(keys.map((key) => [key, value(key)])) as Record<K, string>;

/**
 * The list's filters in the URL. `config` is read once: a list's filters are fixed for the life
 * of its page.
 */
export function useListFilters<K extends string>(config: ListFilterKeys<K>): ListFilters<K> {
  const [{ keys, typed }] = useState(() => ({ keys: config.keys, typed: config.typed ?? [] }));
  const [params, setParams] = useSearchParams();
  const values = recordOf(keys, (key) => params.get(key) ?? '');

  // The typed text of each typed filter, ahead of the URL while typing.
  const [drafts, setDrafts] = useState(() => recordOf(typed, (key) => values[key]));
  // The URL can change under the boxes (Back, a link to the same page with other filters): a box
  // then shows the URL's value, unless it already holds it give or take spaces still being typed.
  const urlTyped = JSON.stringify(typed.map((key) => values[key]));
  const [seenUrlTyped, setSeenUrlTyped] = useState(urlTyped);
  if (urlTyped !== seenUrlTyped) {
    setSeenUrlTyped(urlTyped);
    setDrafts((previous) =>
      recordOf(typed, (key) =>
        previous[key].trim() === values[key] ? previous[key] : values[key],
      ),
    );
  }

  // A navigation away from the list is under way: a row's link, whose page is still loading its
  // code while the list stays on screen. Writing a search then would be a navigation of its own,
  // and it would cancel that one: the member would be pulled back to the list.
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const leaving = navigation.state !== 'idle' && navigation.location.pathname !== pathname;

  // Once typing pauses, the trimmed text goes to the URL. The effect reads the URL of the latest
  // render through a ref: it must run when the pause ends, not on every change of the URL (which
  // would write a stale text back over a Back).
  const paused = useDebouncedValue(drafts);
  const latest = useRef({ params, setParams, leaving });
  useEffect(() => {
    latest.current = { params, setParams, leaving };
  });
  useEffect(() => {
    const { params: current, setParams: write, leaving: away } = latest.current;
    if (away) return;
    const changed = typed.filter((key) => paused[key].trim() !== (current.get(key) ?? ''));
    if (changed.length === 0) return;
    const changes = recordOf(changed, (key) => paused[key].trim());
    write((previous) => withFilters(previous, changes), { replace: true });
  }, [paused, typed]);

  const isTyped = (key: K) => (typed as readonly string[]).includes(key);

  return {
    values,
    inputs: { ...values, ...drafts },
    page: pageOf(params.get(PAGE)),
    setFilter: (key, value) => {
      if (isTyped(key)) setDrafts((previous) => ({ ...previous, [key]: value }));
      else setParams((previous) => withFilters(previous, { [key]: value }), { replace: true });
    },
    setPage: (page) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (page > 1) next.set(PAGE, String(page));
          else next.delete(PAGE);
          return next;
        },
        { replace: true },
      ),
    reset: () => {
      setDrafts(recordOf(typed, () => ''));
      setParams(
        (previous) =>
          withFilters(
            previous,
            recordOf(keys, () => ''),
          ),
        { replace: true },
      );
    },
    filtered:
      keys.some((key) => values[key] !== '') || typed.some((key) => drafts[key].trim() !== ''),
  };
}
