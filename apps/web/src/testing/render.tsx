import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { SessionProvider } from '@/lib/session';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

export interface RenderRoutesOptions {
  /** The first URL, or a full history entry (with `state`). */
  at?: string | { pathname: string; search?: string; state?: unknown };
  queryClient?: QueryClient;
  /** User-event options: pass `advanceTimers` when the test fakes timers. */
  userOptions?: Parameters<typeof userEvent.setup>[0];
}

/**
 * Renders routes in a memory router with the real providers, in StrictMode (so effects run
 * twice, as in development).
 */
export function renderRoutes(
  routes: RouteObject[],
  { at = '/', queryClient, userOptions }: RenderRoutesOptions = {},
) {
  const client = queryClient ?? createTestQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [at] });
  const user = userEvent.setup(userOptions);
  const result = render(
    <StrictMode>
      <QueryClientProvider client={client}>
        <SessionProvider>
          <RouterProvider router={router} />
        </SessionProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
  return { ...result, router, user, queryClient: client };
}

/** A stand-in page for a route a test only navigates to. */
export function Stub({ name }: { name: string }) {
  return <h1>{name}</h1>;
}
