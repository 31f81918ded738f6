// The app's pages as its route table declares them (apps/web/src/app/router.tsx), for the web
// audit: read from the source, so a new route is audited without anyone adding it to a list.
// A small reader of that file's shape (nested objects with `path`, `index`, `element: <Guard />`,
// `children` and `lazy`/`Component`), not a TypeScript parser.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROUTER = fileURLToPath(new URL('../../apps/web/src/app/router.tsx', import.meta.url));

/** Who a page is for: the audience its nearest guard admits ('guest' where none). */
export type Audience = 'guest' | 'unpaid' | 'member' | 'admin';

const GUARDS: Record<string, Audience> = {
  GuestOnlyRoute: 'guest',
  OnboardingRoute: 'unpaid',
  MemberRoute: 'member',
  AdminRoute: 'admin',
};

export interface PageRoute {
  /** Joined from its parents ('/admin/users/:id'; '*' for the catch-all). */
  path: string;
  audience: Audience;
}

interface RouteObject {
  path: string | null;
  guard: Audience | null;
  page: boolean;
  layout: boolean;
}

/** Every page route of the table, in its order. */
export function pageRoutes(source = readFileSync(ROUTER, 'utf8')): PageRoute[] {
  const table = source.slice(source.indexOf('export const routes'));
  const stack: RouteObject[] = [];
  const pages: PageRoute[] = [];
  const token = /\{|\}|path:\s*'([^']*)'|element:\s*<(\w+)|\b(lazy|Component|children):/g;
  for (const [text, path, element, member] of table.matchAll(token)) {
    const top = stack.at(-1);
    if (text === '{') stack.push({ path: null, guard: null, page: false, layout: false });
    else if (text === '}') {
      const done = stack.pop();
      if (done?.page && !done.layout) pages.push(routeOf([...stack, done]));
    } else if (!top) continue;
    else if (path !== undefined) top.path = path;
    else if (element !== undefined) top.guard = GUARDS[element] ?? top.guard;
    else if (member === 'children') top.layout = true;
    else if (member) top.page = true;
  }
  if (pages.length === 0) throw new Error(`no routes read from ${ROUTER}`);
  return pages;
}

function routeOf(chain: RouteObject[]): PageRoute {
  const segments = chain.map((o) => o.path).filter((p): p is string => p !== null && p !== '');
  const path = segments.at(-1) === '*' ? '*' : `/${segments.join('/')}`;
  return { path, audience: chain.findLast((o) => o.guard)?.guard ?? 'guest' };
}
