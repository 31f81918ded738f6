import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Test files share a worker's imports (isolate: false); ours are evaluated afresh for each file.
vi.resetModules();

// Pages import their contracts (and zod), menus and dialogs when they are needed; the first such
// import in a test worker is compiled then, which took over 5 s on two busy cores (CI runs two
// workers beside PostgreSQL). findBy*/waitFor wait up to 10 s for it; a test that passes does
// not wait longer for it.
configure({ asyncUtilTimeout: 10_000 });

// jsdom does not scroll; the router's scroll restoration calls this on every navigation.
window.scrollTo = () => {};

const OBJECT_URL_METHODS = ['createObjectURL', 'revokeObjectURL'] as const;
const objectUrlMethods = OBJECT_URL_METHODS.map(
  (name) => [name, Object.getOwnPropertyDescriptor(URL, name)] as const,
);

afterEach(() => {
  cleanup();
  // The export tests stub the object URLs on URL itself, which outlives the file in a shared
  // worker (isolate: false): each test ends with the environment's own again.
  for (const [name, own] of objectUrlMethods)
    if (own) Object.defineProperty(URL, name, own);
    else Reflect.deleteProperty(URL, name);
  localStorage.clear();
  sessionStorage.clear();
});
