import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Pages import their contracts (and zod) when a request is made; the first such import in a
// test worker is compiled then, which takes over a second on two busy cores (CI runs two workers
// beside PostgreSQL). findBy*/waitFor wait 3 s instead of 1 s for it.
configure({ asyncUtilTimeout: 3_000 });

// jsdom does not scroll; the router's scroll restoration calls this on every navigation.
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
