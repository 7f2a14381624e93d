import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { AppConfig } from './config';
import type { Db } from './db/client';
import { contextualDb } from './db/context';
import { registerAuth } from './plugins/auth';
import { registerCompression } from './plugins/compression';
import { registerDbMaintenance } from './plugins/db-maintenance';
import { registerEtag } from './plugins/etag';
import { registerIdempotency } from './plugins/idempotency';
import { registerInputGuard } from './plugins/input-guard';
import { registerPermissions } from './plugins/permissions';
import { registerRealtime } from './plugins/realtime';
import { registerStatic } from './plugins/static';
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
 * Routes validate with zod (server/lib/validate.ts), never with JSON schemas: Fastify's schema
 * compilers (ajv and fast-json-stringify, about 0.1 s of every start) are not even loaded, and a
 * route that declares a body, query, params, headers or response schema fails the start.
 */
const noJsonSchemas = (): never => {
  throw new Error('JSON schemas are not compiled here: validate with zod (server/lib/validate.ts)');
};

/**
 * Plugins → the built app → compression → modules (server/modules/index.ts, in list order). Tests
 * build it with `inject()`; main.ts listens.
 */
export async function buildApp(config: AppConfig, rootDb: Db, options: BuildOptions = {}): Promise<FastifyInstance> {
  // Every repo gets the contextual db: inside a request-wide transaction (idempotency) it runs on it.
  const db = contextualDb(rootDb);
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    schemaController: { compilersFactory: { buildValidator: noJsonSchemas, buildSerializer: noJsonSchemas } },
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
  registerDbMaintenance(app, rootDb);
  await registerEtag(app);
  const realtime = await registerRealtime(app, db, rootDb);

  // The liveness probe of deployments and the e2e starter: the app's own, not a module's.
  app.get('/health', { config: { auth: false } }, async () => ({ code: 200, msg: 'ok', data: null }));

  // The built app, served precompressed; registered before compression, which leaves it alone.
  if (config.staticDir && fs.existsSync(path.join(config.staticDir, 'index.html'))) await registerStatic(app, config.staticDir);
  // API answers from 1 KB on go compressed (after the ETag is taken, see the plugin).
  await registerCompression(app);

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

  options.onRoutes?.(routes.map((r) => ({ method: r.method, url: r.url, config: r.config, websocket: r.websocket === true })));
  return app;
}
