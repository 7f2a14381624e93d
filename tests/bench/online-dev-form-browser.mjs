// Prints the online-development form's figures (issue 20, Performance: "form of 60 fields incl. an
// input table of 100 rows: render < 150 ms, keystroke-to-recalculated total < 16 ms plus the 500 ms
// debounce") in headless Chromium, with the app's form renderer and Chakra system (the page:
// online-dev-form-page.tsx; services stubbed, no network):
// 1. First render of the form editing a record (60 value fields, the input table's 100 rows):
//    createRoot → render → commit, and to the end of the next frame; 12 runs after a first (cold) one.
// 2. A keystroke in a quantity cell of the table (the cell focused beforehand): the input event →
//    React's commit (the keystroke's handling cost), and to the next frame (the page rendered).
// 3. The recalculation when the 500 ms debounce fires (the scheduler's timer is caught in the page
//    and fired there): the row's amount and the grand total recomputed → the new total in the DOM,
//    and to the next frame — the keystroke-to-total time without the 500 ms wait.
// Median and p95 of each. The screenshot is test-results/bench-online-dev-form.png.
//
// The page is built with Vite (Lingui's macros compile as in the app) into a temporary directory
// (never dist/) served on loopback; the figures are printed, never asserted. BENCH_PROFILE=render
// or BENCH_PROFILE=keys builds it unminified and prints where that part's time goes (a CPU profile's
// heaviest functions and the callers of the first), keeping the built page.
import fs from 'node:fs';
import { tsImport } from 'tsx/esm/api';
import { serveBenchPage } from './bench-page.mjs';

const { launch } = await tsImport('../e2e/browser.ts', import.meta.url);

// Readable function names in a profile (BENCH_PROFILE=render|keys prints where the time goes).
const site = await serveBenchPage('tests/bench/online-dev-form-page.tsx', { name: 'online-dev-form', minify: !process.env.BENCH_PROFILE });

const f0 = (x) => x.toFixed(0);
const f1 = (x) => x.toFixed(1);

const browser = await launch();
try {
  const page = await browser.newPage({ viewport: { width: 1366, height: 900 }, locale: 'zh-CN' });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(site.url);
  await page.waitForFunction(() => 'benchOdForm' in window);
  const profile = process.env.BENCH_PROFILE ? await page.context().newCDPSession(page) : null;
  const profiled = async (what, run) => {
    if (!profile || process.env.BENCH_PROFILE !== what) return run();
    await profile.send('Profiler.enable');
    await profile.send('Profiler.setSamplingInterval', { interval: 100 });
    await profile.send('Profiler.start');
    const r = await run();
    const { profile: p } = await profile.send('Profiler.stop');
    const self = new Map();
    const dt = p.timeDeltas;
    const byId = new Map(p.nodes.map((n) => [n.id, n]));
    const hits = new Map();
    p.samples.forEach((id, i) => hits.set(id, (hits.get(id) ?? 0) + (dt[i] ?? 0)));
    for (const [id, us] of hits) {
      const n = byId.get(id);
      const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
      self.set(k, (self.get(k) ?? 0) + us);
    }
    console.log([...self].sort((a, b) => b[1] - a[1]).slice(0, 40).map(([k, us]) => `${(us / 1000).toFixed(1)} ms  ${k}`).join('\n'));
    // Who calls the heaviest function (its callers' chains, 8 deep).
    const parent = new Map();
    for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const top = [...self].sort((a, b) => b[1] - a[1]).find(([k]) => !k.startsWith('('))?.[0];
    const chains = new Map();
    for (const [id, us] of hits) {
      const n = byId.get(id);
      if (`${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}` !== top) continue;
      const chain = [];
      for (let q = parent.get(id); q && chain.length < 8; q = parent.get(q)) chain.push(byId.get(q).callFrame.functionName || '(anon)');
      const k = chain.join(' < ');
      chains.set(k, (chains.get(k) ?? 0) + us);
    }
    console.log(`callers of ${top}:\n` + [...chains].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([k, us]) => `${(us / 1000).toFixed(1)} ms  ${k}`).join('\n'));
    return r;
  };
  const render = await profiled('render', () => page.evaluate((input) => window.benchOdForm.runRender(input), { runs: 13 }));
  const keys = await profiled('keys', () => page.evaluate((input) => window.benchOdForm.runKeys(input), { keys: 30 }));
  await page.evaluate(() => window.benchOdForm.showOnce());
  fs.mkdirSync('test-results', { recursive: true });
  await page.screenshot({ path: 'test-results/bench-online-dev-form.png', fullPage: true });
  if (errors.length) console.log('page errors:', errors.join('; '));
  if (process.env.BENCH_DETAIL) console.log(JSON.stringify({ render, keys }));

  console.log(
    `online-dev form in Chromium: editing a record of ${render.valueFields} value fields incl. an input table of ${render.rows} rows (${render.inputs} inputs): ` +
      `first render to the commit median ${f0(render.commit.median)} ms, p95 ${f0(render.commit.p95)} ms; to the end of the next frame median ${f0(render.painted.median)} ms, p95 ${f0(render.painted.p95)} ms ` +
      `over ${render.commit.n} runs (target < 150 ms); first (cold) run ${f0(render.commit.first)} / ${f0(render.painted.first)} ms`,
  );
  console.log(
    `online-dev form keystroke in a quantity cell of the 100-row table: handled (input event to React's commit) median ${f1(keys.keyCommit.median)} ms, p95 ${f1(keys.keyCommit.p95)} ms, to the next frame median ${f1(keys.keyFrame.median)} ms; ` +
      `recalculation when the 500 ms debounce fires (row amount and grand total) to the new total in the DOM median ${f1(keys.recalcDom.median)} ms, p95 ${f1(keys.recalcDom.p95)} ms, ` +
      `to the next frame median ${f1(keys.recalcFrame.median)} ms, p95 ${f1(keys.recalcFrame.p95)} ms (target < 16 ms plus the debounce) over ${keys.keys} keystrokes; totals changed: ${keys.checked}/${keys.keys}`,
  );
} finally {
  await browser.close();
  site.close({ keep: !!process.env.BENCH_PROFILE });
  if (process.env.BENCH_PROFILE) console.log(`profiled page kept in ${site.out}`);
}
