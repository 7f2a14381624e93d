import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { AppConfig } from './config';
import type { Db } from './db/client';
import { contextualDb } from './db/context';
import { registerAuth } from './plugins/auth';
import { registerEtag } from './plugins/etag';
import { registerIdempotency } from './plugins/idempotency';
import { registerInputGuard } from './plugins/input-guard';
import { registerPermissions } from './plugins/permissions';
import { registerRealtime } from './plugins/realtime';
import { registerErrorHandling, send } from './plugins/errors';
import { ApiError } from './lib/errors';
import { serviceRegistry } from './lib/module';
import { serverModules } from './modules/index';
import { Code } from '../src/contracts/codes';

/** A route as registered: its method(s), URL and config (auth, permission, etag, serverModule). */
export type RouteRecord = Pick<RouteOptions, 'method' | 'url' | 'config'> & { websocket: boolean };

export interface BuildOptions {
  /** Receives every route once the app is built (the API reference, server/tools/api-docs.ts). */
  onRoutes?(routes: RouteRecord[]): void;
}

/**
 * Plugins → modules (server/modules/index.ts, in list order) → static files. Tests build it with
 * `inject()`; main.ts listens.
 */
export async function buildApp(config: AppConfig, rootDb: Db, options: BuildOptions = {}): Promise<FastifyInstance> {
  // Every repo gets the contextual db: inside a request-wide transaction (idempotency) it runs on it.
  const db = contextualDb(rootDb);
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Router-level failures (bad percent-encoding, over-long path parameter) get the envelope too.
    // Every path parameter is an id, a code or a file name, far below the router's 100 characters.
    frameworkErrors: (error, request, reply) =>
      send(reply, request, new ApiError(Code.BAD_REQUEST, 400, error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? '路径参数格式不正确' : '请求格式不正确')),
  });
  // Kept as Fastify passes them: module scopes stamp `serverModule` after this root hook has run.
  const routes: RouteOptions[] = [];
  if (options.onRoutes) app.addHook('onRoute', (route) => void routes.push(route));
  registerErrorHandling(app);
  registerAuth(app, db);
  const permissions = registerPermissions(app, db);
  registerInputGuard(app);
  registerIdempotency(app, db);
  await registerEtag(app);
  const realtime = await registerRealtime(app, db, rootDb);

  // The liveness probe of deployments and the e2e starter: the app's own, not a module's.
  app.get('/health', { config: { auth: false } }, async () => ({ code: 200, msg: 'ok', data: null }));

  // Each module in its own scope, so its routes carry its name; a module's services reach the
  // modules after it through provide/need.
  const registry = serviceRegistry();
  const shared = { db, rootDb, config, realtime, permissions };
  for (const m of serverModules) {
    await app.register(async (scope) => {
      scope.addHook('onRoute', (route) => {
        route.config = { ...route.config, serverModule: m.name };
      });
      await m.register(scope, registry.depsFor(m.name, shared));
    });
  }

  if (config.staticDir && fs.existsSync(path.join(config.staticDir, 'index.html'))) {
    const root = config.staticDir;
    const { default: fastifyStatic } = await import('@fastify/static');
    await app.register(async (scope) => {
      // The built app is public; only the API needs a session.
      scope.addHook('onRoute', (route) => {
        route.config = { ...(route.config as object), auth: false };
      });
      await scope.register(fastifyStatic, {
        root,
        wildcard: true,
        index: ['index.html'],
        setHeaders(reply, filePath) {
          const rel = path.relative(root, filePath);
          // Hashed assets never change; everything else (index.html, sw.js, manifest) is revalidated.
          if (rel.startsWith('assets' + path.sep)) reply.header('cache-control', 'public, max-age=31536000, immutable');
          else reply.header('cache-control', 'no-cache');
        },
      });
    });
  }
  options.onRoutes?.(routes.map((r) => ({ method: r.method, url: r.url, config: r.config, websocket: r.websocket === true })));
  return app;
}
