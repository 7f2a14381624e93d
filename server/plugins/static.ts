import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/**
 * The built PWA in `root`, public (only the API needs a session). The build leaves a `.br` and a
 * `.gz` copy beside each compressible file (scripts/precompress.mjs): @fastify/static sends the
 * copy the client's Accept-Encoding prefers (brotli first), the plain file to a client that takes
 * neither, and `Vary: Accept-Encoding` either way. Each copy has its own ETag (size and time of the
 * file sent), so If-None-Match gets a 304 in every encoding.
 */
export async function registerStatic(app: FastifyInstance, root: string) {
  const { default: fastifyStatic } = await import('@fastify/static');
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...(route.config as object), auth: false };
    });
    await scope.register(fastifyStatic, {
      root,
      wildcard: true,
      index: ['index.html'],
      preCompressed: true,
      setHeaders(reply, filePath) {
        const rel = path.relative(root, filePath);
        // Hashed assets never change — the app's (assets/) and the published-page runtime's
        // (p/assets/); everything else (index.html, sw.js, manifest) is revalidated.
        if (rel.startsWith('assets' + path.sep) || rel.startsWith(path.join('p', 'assets') + path.sep)) reply.header('cache-control', 'public, max-age=31536000, immutable');
        else reply.header('cache-control', 'no-cache');
      },
    });
  });
}
