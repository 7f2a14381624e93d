import fs from 'node:fs';
import os from 'node:os';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(2);
    }
    throw e;
  }
  const started = Date.now();
  if (!config.databaseUrl) fs.mkdirSync(config.dataDir, { recursive: true });
  // The database opens while the API modules load (the seed imports them too): the bundle is split
  // at these imports (scripts/build-server.mjs), so their packages load only now.
  const [database, { buildApp }, { seed }] = await Promise.all([
    openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }),
    import('./app'),
    import('./db/seed/index'),
  ]);
  const seeded = await seed(database.db, { adminPassword: config.adminPassword, demoData: config.demoData });
  const app = await buildApp(config, database.db);
  if (!config.staticDir || !fs.existsSync(`${config.staticDir}/index.html`)) {
    app.log.warn(`no built app in ${config.staticDir}: run "npm run build" to serve the PWA`);
  }
  await app.listen({ port: config.port, host: config.host });
  const port = (app.server.address() as { port: number }).port;
  const url = `http://localhost:${port}/`;
  const lines = [
    '',
    `  云眠 Yunmian is running: ${url}`,
    `  database: ${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
  ];
  if (config.host === '0.0.0.0') {
    const lan = Object.values(os.networkInterfaces()).flat().find((i) => i && i.family === 'IPv4' && !i.internal);
    if (lan) lines.push(`  on your network: http://${lan.address}:${port}/`);
  }
  if (seeded.generatedPassword) {
    lines.push(`  sign in: admin / ${seeded.generatedPassword}   (generated now and shown only once; demo staff ym0001… share it)`);
  } else if (seeded.created) {
    lines.push('  sign in: admin / the password in YUNMIAN_ADMIN_PASSWORD (demo staff ym0001… share it)');
  } else {
    lines.push('  sign in: admin (password printed at first start, or YUNMIAN_ADMIN_PASSWORD when it was set)');
  }
  lines.push(`  started in ${Date.now() - started} ms`, '');
  console.log(lines.join('\n'));

  const stop = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err) => {
  console.error('Yunmian failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
