import type { FastifyInstance, FastifyReply, onSendHookHandler } from 'fastify';
import fastifyCompress from '@fastify/compress';

/** API answers of at least this many bytes go compressed (smaller ones gain little and cost CPU). */
export const COMPRESS_THRESHOLD = 1024;

/** JSON and text: what the API answers with. Images (uploads) are compressed already. */
const COMPRESSIBLE = /^(?:application\/(?:[\w.-]+\+)?json|text\/(?!event-stream))/i;
const isCompressible = (type: unknown) => typeof type === 'string' && COMPRESSIBLE.test(type);

/** Appends `accept-encoding` to Vary unless it is there (or Vary is `*`). */
function varyOnEncoding(reply: FastifyReply) {
  const current = reply.getHeader('vary');
  const value = Array.isArray(current) ? current.join(', ') : typeof current === 'string' ? current : '';
  const tokens = value.split(',').map((t) => t.trim().toLowerCase());
  if (tokens.includes('accept-encoding') || tokens.includes('*')) return;
  reply.header('vary', value ? `${value}, accept-encoding` : 'accept-encoding');
}

/**
 * On-the-fly compression (@fastify/compress: br or gzip, as the client's Accept-Encoding prefers)
 * of the JSON and text answers of every route registered after this call, from
 * COMPRESS_THRESHOLD bytes on. Routes registered before it are left alone: the websocket, and the
 * built app, which is served precompressed at build time (server/plugins/static.ts).
 *
 * Call after registerEtag: the route-level onSend hooks run in the order the onRoute hooks added
 * them, so the ETag is the hash of the plain JSON (the same tag whatever the encoding) and a 304
 * has no body left to compress. Every JSON answer says `Vary: Accept-Encoding`, compressed or not,
 * so a shared cache never hands one encoding to a client that asked for another. Request bodies are
 * not decompressed (the client never compresses them).
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    customTypes: (type: string) => isCompressible(type),
  });
  const vary: onSendHookHandler = function (_request, reply, payload, done) {
    if (isCompressible(reply.getHeader('content-type') ?? 'application/json')) varyOnEncoding(reply);
    done(null, payload);
  };
  // Added after @fastify/compress's own onRoute hook, so this runs after its onSend.
  app.addHook('onRoute', (route) => {
    if (route.compress === false) return;
    route.onSend = [...([] as onSendHookHandler[]).concat(route.onSend ?? []), vary];
  });
}
