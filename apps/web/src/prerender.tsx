import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { AppShellSkeleton } from '@/components/app-shell-skeleton';
import { routes } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';

/**
 * Build-time rendering of the landing page (vite.config.ts puts it into dist/index.html): a
 * visitor sees the page as soon as the HTML and CSS arrive, before any JavaScript has run. The
 * app then renders the same page over it.
 */
export async function renderLandingPage(): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request('http://localhost/'));
  if (context instanceof Response) throw new Error(`Pre-render of / answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <AppProvider queryClient={createQueryClient()}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProvider>,
  );
}

/** The app's frame in grey, shown at the first paint of a signed-in visit to any other page. */
export function renderBootSkeleton(): string {
  return renderToStaticMarkup(<AppShellSkeleton />);
}
