import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/client';
import { contextualDb } from './db/context';
import { registerAuth } from './plugins/auth';
import { registerEtag } from './plugins/etag';
import { registerIdempotency } from './plugins/idempotency';
import { registerPermissions } from './plugins/permissions';
import { registerRealtime } from './plugins/realtime';
import { registerErrorHandling, send } from './plugins/errors';
import { ApiError } from './lib/errors';
import { Code } from '../src/contracts/codes';
import { authRepo } from './modules/auth/repo';
import { authService } from './modules/auth/service';
import { authRoutes } from './modules/auth/routes';
import { profileRepo } from './modules/profile/repo';
import { profileService } from './modules/profile/service';
import { profileRoutes } from './modules/profile/routes';
import { datavRoutes } from './modules/datav/routes';
import { fileRepo } from './modules/file/repo';
import { fileService } from './modules/file/service';
import { fileRoutes } from './modules/file/routes';
import { homeRepo } from './modules/home/repo';
import { homeService } from './modules/home/service';
import { homeRoutes } from './modules/home/routes';
import { baseRepo } from './modules/base/repo';
import { baseService } from './modules/base/service';
import { baseRoutes } from './modules/base/routes';
import { orgRepo } from './modules/org/repo';
import { orgService } from './modules/org/service';
import { orgRoutes } from './modules/org/routes';
import { messageRepo } from './modules/message/repo';
import { messageService } from './modules/message/service';
import { messageRoutes } from './modules/message/routes';

export type AppConfig = Pick<Config, 'tokenTtlMs' | 'staticDir' | 'trustProxy' | 'logLevel'>;

/** Plugins → modules → static files. Tests build it with `inject()`; main.ts listens. */
export async function buildApp(config: AppConfig, rootDb: Db): Promise<FastifyInstance> {
  // Every repo gets the contextual db: inside a request-wide transaction (idempotency) it runs on it.
  const db = contextualDb(rootDb);
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Router-level failures (bad percent-encoding, over-long path parameter) get the envelope too.
    frameworkErrors: (_error, request, reply) => send(reply, request, new ApiError(Code.BAD_REQUEST, 400, '请求格式不正确')),
  });
  registerErrorHandling(app);
  registerAuth(app, db);
  const permissions = registerPermissions(app, db);
  registerIdempotency(app, db);
  await registerEtag(app);
  const realtime = await registerRealtime(app, db, rootDb);

  app.get('/health', { config: { auth: false } }, async () => ({ code: 200, msg: 'ok', data: null }));

  const authR = authRepo(db);
  authRoutes(app, authService(authR, { tokenTtlMs: config.tokenTtlMs }), db);
  const fileR = fileRepo(db);
  profileRoutes(app, profileService(profileRepo(db), authR, fileR));
  await fileRoutes(app, fileService(fileR));
  datavRoutes(app, db);
  // Other modules send system messages through this service (sendSystemMessage, in their transaction).
  const messages = messageService(messageRepo(db), realtime);
  messageRoutes(app, messages, realtime);
  homeRoutes(app, homeService(homeRepo(db), authR, messages));
  baseRoutes(app, baseService(baseRepo(db)));
  orgRoutes(app, orgService(orgRepo(db)), permissions);

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
  return app;
}
