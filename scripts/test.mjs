// `npm test`: every test, in order — type check and linter (architecture rules; side by side), unit + server on PGlite,
// server again on PostgreSQL when DATABASE_URL is set, then a production build and the end-to-end
// tests in Chromium. Prints one closing line "tests: N passed, N failed" (a failed type check or lint counts one).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const out = 'test-results';
fs.mkdirSync(out, { recursive: true });
const pgUrl = process.env.DATABASE_URL;
const totals = { passed: 0, failed: 0 };
let exitCode = 0;

function run(label, args, env) {
  console.log(`\n▶ ${label}`);
  const json = path.join(out, `${label.replace(/\W+/g, '-')}.json`);
  fs.rmSync(json, { force: true });
  const r = spawnSync('npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${json}`], {
    stdio: 'inherit',
    env,
  });
  if (r.status !== 0) exitCode = 1;
  if (fs.existsSync(json)) {
    const report = JSON.parse(fs.readFileSync(json, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests + (report.numTotalTestSuites && !report.success && report.numFailedTests === 0 ? 1 : 0);
  } else {
    totals.failed += 1;
  }
}

// The type check and the linter run side by side (one core each); each one's output is printed whole.
const checks = await Promise.all(
  ['typecheck', 'lint'].map(
    (script) =>
      new Promise((resolve) => {
        const child = spawn('npm', ['run', script, '--silent'], { stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        child.stdout.on('data', (d) => (output += d));
        child.stderr.on('data', (d) => (output += d));
        child.on('close', (status) => resolve({ script, status, output }));
      }),
  ),
);
for (const { script, status, output } of checks) {
  console.log(`\n▶ ${script}`);
  process.stdout.write(output);
  if (status !== 0) {
    exitCode = 1;
    totals.failed += 1;
  }
}

const noPg = { ...process.env };
delete noPg.DATABASE_URL;
run('unit and server (PGlite)', ['--project', 'unit', '--project', 'server'], noPg);
if (pgUrl) run('server (PostgreSQL)', ['--project', 'server'], { ...process.env, DATABASE_URL: pgUrl });

console.log('\n▶ build');
const build = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
if (build.status !== 0) {
  exitCode = 1;
  totals.failed += 1;
} else {
  run('e2e (Chromium)', ['--project', 'e2e'], noPg);
}

console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(exitCode);
