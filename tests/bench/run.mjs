// `npm run bench`: builds the app, then prints every measured figure.
import { spawnSync } from 'node:child_process';

const step = (cmd, args) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
step('npm', ['run', 'build', '--silent']);
step(process.execPath, ['tests/bench/bundle-size.mjs']);
step(process.execPath, ['tests/bench/runtime-size.mjs']);
step(process.execPath, ['tests/bench/first-load-browser.mjs']);
step(process.execPath, ['tests/bench/server-start.mjs']);
step(process.execPath, ['tests/bench/menu-search.mjs']);
step(process.execPath, ['tests/bench/route-change.mjs']);
step(process.execPath, ['tests/bench/sync-replay-browser.mjs']);
step(process.execPath, ['tests/bench/tree-hydrate-browser.mjs']);
step(process.execPath, ['tests/bench/org-picker-browser.mjs']);
step(process.execPath, ['tests/bench/chat-open-browser.mjs']);
step(process.execPath, ['tests/bench/h5-editor-browser.mjs']);
step(process.execPath, ['tests/bench/h5-psd-import.mjs']);
step(process.execPath, ['tests/bench/runtime-first-paint-browser.mjs']);
step(process.execPath, ['tests/bench/user-list-query.mjs']);
step(process.execPath, ['tests/bench/message-list-query.mjs']);
step(process.execPath, ['tests/bench/push-latency.mjs']);
step(process.execPath, ['tests/bench/chat-history-query.mjs']);
step(process.execPath, ['tests/bench/chat-latency.mjs']);
step(process.execPath, ['tests/bench/h5-public-load.mjs']);
step(process.execPath, ['tests/bench/online-dev-records.mjs']);
step(process.execPath, ['tests/bench/online-dev-list.mjs']);
step(process.execPath, ['tests/bench/online-dev-form-browser.mjs']);
step(process.execPath, ['tests/bench/bill-reservations.mjs']);
step(process.execPath, ['tests/bench/workflow-todo.mjs']);
step(process.execPath, ['tests/bench/workflow-push.mjs']);
