import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL, URL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin } from 'vite';

const api = 'http://127.0.0.1:3000';
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const alias = { '@': here('./src') };
const ROOT_DIV = '<div id="root"></div>';

interface ManifestChunk {
  file: string;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const LANDING_MODULE = 'src/features/landing/pages/landing-page.tsx';

/** A chunk's file and, recursively, the files of its static imports. */
function chunkFiles(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(`/${chunk.file}`)) return into;
  into.add(`/${chunk.file}`);
  for (const imported of chunk.imports ?? []) chunkFiles(manifest, imported, into);
  return into;
}

/**
 * The start of the app. On / it waits for the first contentful paint of the pre-rendered page, so
 * that HTML and CSS have the connection to themselves (at most 3 s: a tab opened in the
 * background does not paint). Elsewhere it starts at once. It preloads the entry's chunks (and
 * the landing page's, on /) and runs the entry.
 */
function startScript(entry: string, preloads: string[], landing: string[]): string {
  return `<script type="module">
      const preload = (files) => files.forEach((href) => {
        const link = document.createElement('link');
        link.rel = 'modulepreload';
        link.href = href;
        document.head.append(link);
      });
      let started = false;
      const start = () => {
        if (started) return;
        started = true;
        preload(${JSON.stringify(preloads)});
        if (location.pathname === '/') preload(${JSON.stringify(landing)});
        import(${JSON.stringify(entry)});
      };
      if (location.pathname === '/' && 'PerformanceObserver' in window) {
        setTimeout(start, 3000);
        try {
          new PerformanceObserver((list, observer) => {
            if (!list.getEntriesByName('first-contentful-paint').length) return;
            observer.disconnect();
            setTimeout(start);
          }).observe({ type: 'paint', buffered: true });
        } catch {
          start();
        }
      } else {
        start();
      }
    </script>`;
}

/**
 * After the client build (see docs/decisions/009-public-site-and-shell.md):
 * - renders the landing page (src/prerender.tsx, built for Node into .tmp/) into dist/index.html,
 *   which the app then hydrates: the first paint needs no JavaScript;
 * - replaces Vite's entry script and preload links by a start after the first paint;
 * - writes gzip and brotli twins of the text assets, for a server that serves pre-compressed
 *   files.
 */
function prerenderLanding(): Plugin {
  let outDir = '';
  let isSsrBuild = false;
  return {
    name: 'ctn:prerender-landing',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
      isSsrBuild = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (isSsrBuild) return;
      const { landing: markup, skeleton } = await renderLanding();
      const manifest = JSON.parse(
        await readFile(join(outDir, '.vite/manifest.json'), 'utf8'),
      ) as Manifest;
      const entry = manifest['index.html'];
      if (!entry) throw new Error('index.html is missing from the build manifest');
      const entryFiles = [...chunkFiles(manifest, 'index.html')];
      const landingFiles = [...chunkFiles(manifest, LANDING_MODULE)].filter(
        (file) => !entryFiles.includes(file),
      );

      const indexPath = join(outDir, 'index.html');
      let html = await readFile(indexPath, 'utf8');
      if (!html.includes(ROOT_DIV)) throw new Error(`${ROOT_DIV} not found in index.html`);
      html = html
        .replace(/\s*<script type="module" crossorigin src="[^"]+"><\/script>/, '')
        .replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '')
        .replace(
          ROOT_DIV,
          `<div id="root"><div data-prerendered>${markup}</div><div data-boot-skeleton>${skeleton}</div></div>`,
        )
        .replace(
          '</body>',
          `  ${startScript(`/${entry.file}`, entryFiles.slice(1), landingFiles)}\n  </body>`,
        );
      // The brand font's latin file is needed by the first paint of every page: ask for it at once.
      const latinFont = (await readdir(join(outDir, 'assets'))).find((name) =>
        /^inter-latin-wght-normal-.*\.woff2$/.test(name),
      );
      if (!latinFont) throw new Error('the latin Inter font is missing from the build');
      html = html.replace(
        '</title>',
        `</title>\n    <link rel="preload" href="/assets/${latinFont}" as="font" type="font/woff2" crossorigin />`,
      );
      await writeFile(indexPath, html);
      await precompress(outDir);
    },
  };
}

/** Builds src/prerender.tsx for Node and renders the landing page and the boot skeleton. */
async function renderLanding(): Promise<{ landing: string; skeleton: string }> {
  // Inside the repository, so the bundle's bare imports resolve from node_modules.
  const ssrOut = here('../../.tmp/prerender-web/');
  try {
    await build({
      configFile: false,
      root: here('.'),
      logLevel: 'warn',
      resolve: { alias },
      plugins: [react()],
      build: {
        ssr: 'src/prerender.tsx',
        outDir: ssrOut,
        emptyOutDir: true,
        copyPublicDir: false,
        minify: false,
      },
    });
    const url = pathToFileURL(join(ssrOut, 'prerender.js')).href;
    const { renderLandingPage, renderBootSkeleton } = (await import(`${url}?t=${Date.now()}`)) as {
      renderLandingPage: () => Promise<string>;
      renderBootSkeleton: () => string;
    };
    // React hoists <title> into <head> on the client; index.html has its own.
    const landing = (await renderLandingPage()).replace(/<title>.*?<\/title>/s, '');
    return { landing, skeleton: renderBootSkeleton() };
  } finally {
    await rm(ssrOut, { recursive: true, force: true });
  }
}

async function precompress(dir: string): Promise<void> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile() || !/\.(js|css|html|svg|json|txt)$/.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    const body = await readFile(path);
    if (body.length < 1024) continue;
    await writeFile(`${path}.gz`, gzipSync(body, { level: 9 }));
    await writeFile(
      `${path}.br`,
      brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
    );
  }
}

// The browser app. In development the API runs on its own port; the dev server forwards to it
// so the app always calls same-origin `/api` (as it does in production, where one process
// serves both).
export default defineConfig({
  plugins: [react(), tailwindcss(), prerenderLanding()],
  resolve: { alias },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/dev': { target: api, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/dev': { target: api, changeOrigin: false },
    },
  },
  build: {
    outDir: here('./dist'),
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: the chunk graph the web audit measures (e2e/audit/weight.spec.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        // Long-lived libraries in their own chunks: they stay cached across app releases.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
            { name: 'data', test: /node_modules[\\/]@tanstack[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            // The icons two or more pages share, in one chunk: each is a few hundred bytes, and
            // as chunks of their own they were a dozen requests on a page's first screen.
            {
              name: 'icons',
              test: /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/,
              minShareCount: 2,
            },
          ],
        },
      },
    },
  },
});
