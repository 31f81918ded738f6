import { SEARCH_DEBOUNCE_MS } from '@ctn/contracts/constants';
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { oneOf, useListFilters, type ListFilters } from './use-list-filters';

const FILTERS = { keys: ['search', 'status'], typed: ['search'] } as const;

type Filters = ListFilters<'search' | 'status'>;

function renderList(at: string, detail: RouteObject = { path: '/detail', Component: () => null }) {
  const seen: { current: Filters | null } = { current: null };
  function List() {
    seen.current = useListFilters(FILTERS);
    return null;
  }
  const router = createMemoryRouter([{ path: '/list', Component: List }, detail], {
    initialEntries: [at],
  });
  render(<RouterProvider router={router} />);
  const filters = () => seen.current!;
  const search = () => router.state.location.search;
  return { filters, search, router };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useListFilters', () => {
  it('reads the filters and the page from the URL', () => {
    const { filters } = renderList('/list?search=ada&status=LOCKED&page=3');
    expect(filters().values).toEqual({ search: 'ada', status: 'LOCKED' });
    expect(filters().inputs).toEqual({ search: 'ada', status: 'LOCKED' });
    expect(filters().page).toBe(3);
    expect(filters().filtered).toBe(true);
  });

  it('reads a missing or nonsense page as page 1', () => {
    expect(renderList('/list?page=abc').filters().page).toBe(1);
    expect(renderList('/list?page=-2').filters().page).toBe(1);
  });

  it('applies a select at once, back at page 1', () => {
    const { filters, search } = renderList('/list?page=2');
    act(() => filters().setFilter('status', 'LOCKED'));
    expect(search()).toBe('?status=LOCKED');
    expect(filters().page).toBe(1);
    act(() => filters().setFilter('status', ''));
    expect(search()).toBe('');
    expect(filters().filtered).toBe(false);
  });

  it('shows typed text at once and applies it trimmed once typing pauses, back at page 1', () => {
    const { filters, search } = renderList('/list?page=2');
    act(() => filters().setFilter('search', ' gra'));
    act(() => filters().setFilter('search', ' grace '));
    expect(filters().inputs.search).toBe(' grace ');
    expect(filters().values.search).toBe('');
    expect(filters().filtered).toBe(true);
    expect(search()).toBe('?page=2');
    act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    });
    expect(search()).toBe('?search=grace');
    expect(filters().values.search).toBe('grace');
    // The box keeps the space still being typed.
    expect(filters().inputs.search).toBe(' grace ');
  });

  it('leaves a search still being typed when the administrator opens a row (no pull back to the list)', async () => {
    // The row's page loads its code first: the list stays on screen while it loads.
    let loaded: (page: { Component: () => null }) => void = () => undefined;
    const { filters, router } = renderList('/list', {
      path: '/detail',
      lazy: () => new Promise((resolve) => (loaded = resolve)),
    });
    act(() => filters().setFilter('search', 'grace'));
    await act(async () => {
      void router.navigate('/detail');
      await Promise.resolve();
    });
    act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    });
    await act(async () => {
      loaded({ Component: () => null });
      await vi.runAllTimersAsync();
    });
    expect(router.state.location.pathname).toBe('/detail');
  });

  it('pages without touching the filters', () => {
    const { filters, search } = renderList('/list?status=ACTIVE');
    act(() => filters().setPage(2));
    expect(search()).toBe('?status=ACTIVE&page=2');
    act(() => filters().setPage(1));
    expect(search()).toBe('?status=ACTIVE');
  });

  it('resets every filter and the typed text', () => {
    const { filters, search } = renderList('/list?status=ACTIVE&page=4&other=kept');
    act(() => filters().setFilter('search', 'ada'));
    act(() => filters().reset());
    expect(search()).toBe('?other=kept');
    expect(filters().inputs).toEqual({ search: '', status: '' });
    act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    });
    expect(search()).toBe('?other=kept');
    expect(filters().filtered).toBe(false);
  });

  it('follows the URL when it changes under the box (Back, a link)', async () => {
    const { filters, search, router } = renderList('/list?search=ada');
    await act(() => router.navigate('/list?search=grace'));
    expect(filters().inputs.search).toBe('grace');
    // The pause after the change writes nothing back.
    act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    });
    expect(search()).toBe('?search=grace');
  });
});

describe('oneOf', () => {
  it('keeps an allowed value and drops anything else', () => {
    expect(oneOf(['A', 'B'], 'B')).toBe('B');
    expect(oneOf(['A', 'B'], 'C')).toBeNull();
    expect(oneOf(['A', 'B'], '')).toBeNull();
  });
});
