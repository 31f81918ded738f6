// The app's pages as its route table declares them (apps/web/src/app/router.tsx), for the web
// audit and the screenshot tour: read from the source, so a new route is audited without
// anyone adding it to a list. A small reader of that file's shape (nested objects with `path`,
// `index`, `element: <Guard />`, `children` and `lazy`/`Component`), not a TypeScript parser.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROUTER = fileURLToPath(new URL('../apps/web/src/app/router.tsx', import.meta.url));

const GUARDS = {
  GuestOnlyRoute: 'guest',
  OnboardingRoute: 'unpaid',
  MemberRoute: 'member',
  AdminRoute: 'admin',
};

/**
 * Every page route: `{ path, audience }`, the path joined from its parents ('/admin/users/:id',
 * '*' for the catch-all) and the audience its nearest guard admits ('guest' where none).
 */
export function pageRoutes(source = readFileSync(ROUTER, 'utf8')) {
  const table = source.slice(source.indexOf('export const routes'));
  const stack = [];
  const pages = [];
  const token =
    /\{|\}|path:\s*'([^']*)'|index:\s*true|element:\s*<(\w+)|\b(lazy|Component|children):/g;
  for (const match of table.matchAll(token)) {
    const [text, path, element, page] = match;
    const top = stack.at(-1);
    if (text === '{')
      stack.push({ path: null, index: false, guard: null, page: false, layout: false });
    else if (text === '}') {
      const done = stack.pop();
      if (done?.page && !done.layout) pages.push(routeOf([...stack, done]));
    } else if (!top) continue;
    else if (path !== undefined) top.path = path;
    else if (text.startsWith('index')) top.index = true;
    else if (element !== undefined && GUARDS[element]) top.guard = GUARDS[element];
    else if (page === 'children') top.layout = true;
    else if (page) top.page = true;
  }
  if (pages.length === 0) throw new Error(`no routes read from ${ROUTER}`);
  return pages;
}

function routeOf(chain) {
  const segments = chain.map((o) => o.path).filter((p) => p !== null && p !== '');
  const last = segments.at(-1);
  const path = last === '*' ? '*' : `/${segments.join('/')}`;
  const guard = chain.findLast((o) => o.guard)?.guard ?? 'guest';
  return { path, audience: guard };
}
