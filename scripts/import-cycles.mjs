// Fails when the source files under a folder import each other in a circle (issue 17): the
// dependency direction that lint's restricted imports state holds only if no file comes back
// round to itself. Run by `npm run lint`:
//   node scripts/import-cycles.mjs apps/server/src apps/web/src
// Test files are left out (a test may import what it tests from any side). Relative imports and
// the web app's `@/` alias are followed; packages are not ours to check.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx)$/;
const TEST = /\.test\.(ts|tsx)$/;

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return SOURCE.test(name) && !TEST.test(name) ? [path] : [];
  });
}

function resolveImport(root, from, specifier) {
  let base;
  if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else if (specifier.startsWith('@/')) base = join(root, specifier.slice(2));
  else return null;
  const candidates = ['.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext);
  return candidates.find((path) => existsSync(path)) ?? null;
}

/** The strongly connected components of more than one file, or of a file importing itself. */
function cycles(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const component = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || graph.get(v).includes(v)) found.push(component);
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

let failed = false;
for (const folder of process.argv.slice(2)) {
  const root = resolve(folder);
  const files = sourceFiles(root);
  const graph = new Map(
    files.map((file) => {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      const targets = importedFiles
        .map((i) => resolveImport(root, file, i.fileName))
        .filter((path) => path !== null && files.includes(path));
      return [file, targets];
    }),
  );
  const circles = cycles(graph);
  for (const circle of circles)
    console.error(
      `import cycle in ${folder}: ${circle.map((f) => relative(root, f)).join(' -> ')}`,
    );
  if (circles.length) failed = true;
  else console.log(`${folder}: ${files.length} files, no import cycle`);
}
process.exit(failed ? 1 : 0);
