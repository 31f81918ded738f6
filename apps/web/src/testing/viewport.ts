import { vi } from 'vitest';

/**
 * A window `width` px wide as far as `min-width`/`max-width` media queries go (jsdom has no
 * layout and no `matchMedia`); `unstubGlobals` puts it back after each test.
 */
export function viewportWidth(width: number) {
  const px = (value: string, unit: string | undefined) => Number(value) * (unit === 'rem' ? 16 : 1);
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = /min-width:\s*([\d.]+)(rem|px)/.exec(query);
    const max = /max-width:\s*([\d.]+)(rem|px)/.exec(query);
    const matches =
      (!min || width >= px(min[1]!, min[2])) && (!max || width <= px(max[1]!, max[2]));
    return {
      matches,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    };
  });
}
