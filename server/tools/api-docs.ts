/**
 * Writes docs/api.md, the API reference, from the routes the server registers: run
 * `npx tsx server/tools/api-docs.ts` after changing a route. A server test regenerates the text
 * and fails when the file is out of date, so the reference cannot drift from the code.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildApp, type RouteRecord } from '../app';
import { openDatabase, type Db } from '../db/client';
import { serverModules } from '../modules/index';

export const API_DOCS_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs', 'api.md');

/** Routes registered by the app itself and its plugins (health, the websocket), not by a module. */
const CORE = 'core';

const INTRO = `# API reference

Generated from the server's routes by \`npx tsx server/tools/api-docs.ts\`; do not edit by hand (a
server test fails when this file differs from the code). One table per server module
(\`server/modules/<name>\`), in the order of \`server/modules/index.ts\`; \`${CORE}\` lists what the app
and its plugins register. Paths use Fastify's \`:param\` syntax, as the \`<domain>Paths\` constants of
\`src/contracts\` name them; every GET also answers HEAD.

- **Session**: yes when the call needs a valid token (Authorization: Bearer …; codes 600-602
  otherwise); no for calls open without one.
- **Permission**: the menu module (and button) a role of the caller must grant, checked on every
  call (\`server/plugins/permissions.ts\`); administrators pass. Empty: any signed-in user.
- **ETag**: the 200 answer carries an ETag, and \`If-None-Match\` with it gets 304.

The envelope, the codes, Idempotency-Key, If-Match versions and the notes per module (what each
call takes and answers beyond the spec) are in [API conventions](api-conventions.md).
`;

/** Every route of an app built on `db` (no request is made; `db` needs the migrations only). */
export async function collectRoutes(db: Db): Promise<RouteRecord[]> {
  let routes: RouteRecord[] = [];
  const app = await buildApp({ tokenTtlMs: 3600_000, staticDir: null, trustProxy: false, logLevel: 'silent' }, db, {
    onRoutes: (all) => (routes = all),
  });
  await app.close();
  return routes;
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

/** The markdown of docs/api.md for these routes. */
export function renderApiDocs(routes: RouteRecord[]): string {
  const order = [CORE, ...serverModules.map((m) => m.name)];
  const groups = new Map<string, string[]>(order.map((name) => [name, []]));
  for (const r of routes) {
    const methods = ([] as string[]).concat(r.method).filter((m) => m !== 'HEAD');
    if (!methods.length) continue;
    const config = r.config ?? {};
    const group = config.serverModule ?? CORE;
    const permission = config.permission ? `\`${config.permission.module}\`${config.permission.button ? ` ${config.permission.button}` : ''}` : '';
    const row = [
      methods.join(', ') + (r.websocket ? ' (websocket)' : ''),
      `\`${cell(r.url)}\``,
      r.websocket ? 'token in OnConnection' : config.auth === false ? 'no' : 'yes',
      permission,
      config.etag ? 'yes' : '',
    ];
    if (!groups.has(group)) groups.set(group, []);
    groups.get(group)!.push(`| ${row.join(' | ')} |`);
  }
  const sections = [...groups]
    .filter(([, rows]) => rows.length)
    .map(([name, rows]) => [`## ${name}`, '', '| Method | Path | Session | Permission | ETag |', '|---|---|---|---|---|', ...rows, ''].join('\n'));
  return [INTRO, ...sections].join('\n');
}

/** The text docs/api.md should have. */
export async function apiDocs(db: Db): Promise<string> {
  return renderApiDocs(await collectRoutes(db));
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    const text = await apiDocs(database.db);
    fs.mkdirSync(path.dirname(API_DOCS_FILE), { recursive: true });
    fs.writeFileSync(API_DOCS_FILE, text);
    console.log(`wrote ${path.relative(process.cwd(), API_DOCS_FILE)}`);
  } finally {
    await database.close();
  }
}
