import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { errorText } from '@ctn/contracts/errors';
import type { FastifyInstance } from 'fastify';
import { failure } from '../lib/envelope';

/**
 * Serves the built React app from `webDir` and answers unknown paths: an envelope 404 under
 * /api and /dev, the app's index.html for any other page a browser asks for (client routing).
 */
export async function registerStaticWeb(
  app: FastifyInstance,
  webDir: string | null,
): Promise<void> {
  const hasWeb = webDir !== null && existsSync(join(webDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz twins of every text asset: send those to clients that accept them.
      preCompressed: true,
      setHeaders(reply, path) {
        // Vite fingerprints assets: cache them for a year; index.html must always be fresh.
        reply.header(
          'Cache-Control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // HEAD as GET: monitors and link checkers probe pages with it.
    // A file the build does not have (a chunk of an older release, asked for by a tab opened
    // before a deploy) is a 404: answered with the page, the browser would refuse it as a script
    // with a MIME error instead of failing to load it.
    const isFile = /\.[a-z0-9]+$/i.test(path);
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isFile &&
      !path.startsWith('/api/') &&
      path !== '/api' &&
      !path.startsWith('/dev/');
    if (hasWeb && isPage) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send(failure('NOT_FOUND', errorText('NOT_FOUND')));
  });
}
