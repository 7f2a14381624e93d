// Prints how many bill numbers sign-ins consume. The built server runs on a temporary data dir
// (PGlite, then a fresh PostgreSQL database when DATABASE_URL is set); headless Chromium signs in
// through the real login page, so the app itself decides whether the device reserves numbers
// for offline use (src/modules/base/bill-device.ts) and hands them back at sign-out:
//   1. 30 fresh sign-ins as the administrator, each in a new browser profile (a new device):
//      target 0 numbers. Before issue 16 every new session reserved 20 per enabled rule.
//   2. One device signing in a second time (it now keeps numbers), then signing out: what the
//      second sign-in reserved, what the sign-out handed back, and how long the sign-out took.
//   3. A staff member without the 单据规则 grant signing in twice on one device: target 0.
// "Consumed" is how far the rules' sequences moved (sum of 当前流水号 over the rules, read by the
// administrator through the API before and after).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { tsImport } from 'tsx/esm/api';

const { startServer, E2E_BUILD } = await tsImport('../e2e/server.ts', import.meta.url);
const { apiLogin, launch, newPage, signIn } = await tsImport('../e2e/browser.ts', import.meta.url);
/** Numbers a device reserves per rule at a time (BILL_BLOCK_SIZE in src/modules/base/bill-numbers.ts). */
const BILL_BLOCK_SIZE = 20;

if (!fs.existsSync(E2E_BUILD.server)) {
  if (process.env.E2E_BUILD) throw new Error(`no build in ${process.env.E2E_BUILD} (see tests/e2e/server.ts)`);
  const r = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const SIGN_INS = 30;
const PARALLEL = 3;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function serials(base, token) {
  const res = await fetch(`${base}api/craft/Base/BillRule?currentPage=1&pageSize=100`, { headers: { authorization: `Bearer ${token}` } });
  const body = await res.json();
  if (body.code !== 200) throw new Error(`bill rule list: ${JSON.stringify(body)}`);
  const rules = body.data.list;
  return { total: rules.reduce((n, r) => n + r.outputNumber, 0), enabled: rules.filter((r) => r.enabledMark === 1).length };
}

/** Waits until the total stops moving for `quietMs` (the app reserves in the background after start). */
async function settled(base, token, quietMs = 1500, maxMs = 15_000) {
  const end = Date.now() + maxMs;
  let last = (await serials(base, token)).total;
  let since = Date.now();
  while (Date.now() < end) {
    await sleep(250);
    const now = (await serials(base, token)).total;
    if (now !== last) {
      last = now;
      since = Date.now();
    } else if (Date.now() - since >= quietMs) break;
  }
  return last;
}

async function signInThroughPage(page, base, account) {
  await page.goto(`${base}#/login`);
  await signIn(page, account);
  await page.locator('[data-testid=app-layout][data-session=ready]').waitFor({ timeout: 30_000 });
}

async function signOutThroughPage(page) {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await page.getByText('您确定要退出应用程序吗?').waitFor();
  const t0 = performance.now();
  await page.getByTestId('confirm-ok').click();
  await page.waitForURL(/#\/login/);
  return performance.now() - t0;
}

async function measure(where, serverEnv) {
  const server = await startServer({ env: serverEnv });
  const browser = await launch();
  const base = server.url;
  try {
    const admin = await apiLogin(base);
    const start = await serials(base, admin);

    // 1. Fresh sign-ins, a new browser profile (device) each.
    const t0 = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        while (next < SIGN_INS) {
          next++;
          const { context, page } = await newPage(browser);
          try {
            await signInThroughPage(page, base, 'admin');
            await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
          } finally {
            await context.close();
          }
        }
      }),
    );
    const freshMs = performance.now() - t0;
    const afterFresh = await settled(base, admin);
    const before = SIGN_INS * BILL_BLOCK_SIZE * start.enabled;
    console.log(
      `bill numbers on ${where}: ${SIGN_INS} fresh sign-ins (administrator, a new browser profile each) consumed ${afterFresh - start.total} numbers ` +
        `(target 0; before issue 16: ${SIGN_INS} × ${BILL_BLOCK_SIZE} × ${start.enabled} rules = ${before}) [${(freshMs / 1000).toFixed(1)} s]`,
    );

    // 2. One device: first sign-in, sign-out, second sign-in (reserves), sign-out (hands back).
    {
      const { context, page } = await newPage(browser);
      try {
        await signInThroughPage(page, base, 'admin');
        const afterFirst = await settled(base, admin);
        const plainSignOutMs = await signOutThroughPage(page);
        await signInThroughPage(page, base, 'admin');
        const afterSecond = await settled(base, admin);
        const signOutMs = await signOutThroughPage(page);
        const afterOut = await settled(base, admin, 1000);
        const reserved = afterSecond - afterFirst;
        console.log(
          `bill numbers on ${where}: one device — 1st sign-in reserved ${afterFirst - afterFresh}, 2nd sign-in reserved ${reserved} ` +
            `(${BILL_BLOCK_SIZE} × ${start.enabled} rules), its sign-out handed back ${afterSecond - afterOut} (net ${afterOut - afterFirst} consumed; target 0 when nobody took numbers meanwhile); ` +
            `sign-out click to /login ${signOutMs.toFixed(0)} ms with the hand-back, ${plainSignOutMs.toFixed(0)} ms with nothing to hand back (target: the hand-back adds ≤ ~1 s)`,
        );
      } finally {
        await context.close();
      }
    }

    // 3. A staff member without the 单据规则 grant, twice on one device.
    {
      const before3 = await settled(base, admin, 500);
      const { context, page } = await newPage(browser);
      try {
        await signInThroughPage(page, base, 'ym0010');
        await signOutThroughPage(page);
        await signInThroughPage(page, base, 'ym0010');
        const after3 = await settled(base, admin);
        console.log(`bill numbers on ${where}: a staff member without the 单据规则 grant, 2 sign-ins on one device: ${after3 - before3} numbers (target 0)`);
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
}

await measure('PGlite', {});

const pgUrl = process.env.DATABASE_URL;
if (pgUrl) {
  const { default: pg } = await import('pg');
  const dbName = `yunmian_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const u = new URL(pgUrl);
  u.pathname = `/${dbName}`;
  try {
    await measure('PostgreSQL', { DATABASE_URL: u.toString() });
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
}
