import type { FastifyInstance, onSendHookHandler } from 'fastify';
import { fastifyEtag } from '@fastify/etag';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * true: successful answers carry an ETag (hash of the body) and `If-None-Match` with that tag
     * gets 304 without a body. For big, rarely changing reads (menus, dictionaries, org trees,
     * regions) that the client re-pulls on every catch-up.
     */
    etag?: boolean;
  }
}

/**
 * Per-route ETags with @fastify/etag's hashing and 304 logic. The plugin itself hooks every route
 * of its scope; here its onSend hook is taken once and attached only to routes whose config says
 * `etag: true`, and only to their 200 answers. The tag covers the serialized body, so it differs
 * per user and per Accept-Language exactly when the body does. Register before the routes.
 */
export async function registerEtag(app: FastifyInstance) {
  const hooks: onSendHookHandler[] = [];
  const recorder = {
    addHook(name: string, fn: onSendHookHandler) {
      if (name === 'onSend') hooks.push(fn);
    },
  };
  await fastifyEtag(recorder as unknown as FastifyInstance, { algorithm: 'sha1' });
  const etagHook = hooks[0];
  if (hooks.length !== 1 || !etagHook) throw new Error('@fastify/etag: expected exactly one onSend hook');

  const onSend: onSendHookHandler = function (request, reply, payload, done) {
    if (reply.statusCode !== 200) return done(null, payload);
    // The client may keep the answer but must ask again each time (a 304 costs a few bytes).
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-cache');
    return etagHook.call(this, request, reply, payload, done);
  };

  app.addHook('onRoute', (route) => {
    if (route.config?.etag !== true) return;
    route.onSend = [...([] as onSendHookHandler[]).concat(route.onSend ?? []), onSend];
  });
}
