// Prints how fast the global menu search (src/modules/shell/menu-search.ts) answers over a menu of
// 1,000 entries: the time to build the index, and the time of one search per keystroke while
// typing Chinese titles, pinyin initials/full pinyin and paths (warm, after warm-up runs).
// Target: median < 2 ms per keystroke over 1,000 items.
import { tsImport } from 'tsx/esm/api';

const { createMenuSearch } = await tsImport('../../src/modules/shell/menu-search.ts', import.meta.url);

const ITEMS = 1000;
const LIMIT = 12; // what the search box asks for (components/menu-search.tsx)

// Deterministic pseudo-random numbers, so every run indexes the same menu.
let seed = 20240601;
const rand = (n) => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed % n;
};
const pick = (list) => list[rand(list.length)];

const modules = [
  ['system', '系统'],
  ['org', '组织'],
  ['store', '门店'],
  ['stock', '库存'],
  ['order', '订单'],
  ['member', '会员'],
  ['flow', '审批'],
  ['report', '报表'],
  ['notice', '公告'],
  ['finance', '财务'],
];
const things = [
  ['user', '用户'],
  ['dept', '部门'],
  ['post', '岗位'],
  ['role', '角色'],
  ['dict', '字典'],
  ['log', '日志'],
  ['report', '报表'],
  ['approve', '审批'],
  ['notice', '公告'],
  ['store', '门店'],
  ['stock', '库存'],
  ['order', '订单'],
  ['member', '会员'],
  ['product', '商品'],
  ['supplier', '供应商'],
  ['invoice', '发票'],
  ['contract', '合同'],
  ['customer', '客户'],
];
const actions = ['管理', '列表', '查询', '统计', '设置', '审核', '分析', '明细', '记录', '配置'];
const icons = ['user', 'setting', 'file', 'chart', 'shop', 'box', 'bell'];

const entries = [];
// The pages the queries below aim at, so typing finds something real.
entries.push({ id: 'fixed-1', title: '用户管理', path: '/system/user', icon: 'user', target: { kind: 'route', path: '/system/user' } });
entries.push({ id: 'fixed-2', title: '登录日志', path: '/system/log', icon: 'file', target: { kind: 'route', path: '/system/log' } });
for (let i = entries.length; i < ITEMS; i++) {
  const [modPath, modTitle] = pick(modules);
  const [thingPath, thingTitle] = pick(things);
  const action = pick(actions);
  const title = rand(3) === 0 ? `${modTitle}${thingTitle}${action}` : `${thingTitle}${action}`;
  const path = `/${modPath}/${thingPath}-${i}`;
  entries.push({ id: `m${i}`, title, path, icon: pick(icons), target: { kind: 'route', path } });
}

// What the user types, one keystroke at a time (Chinese arrives a character per IME commit).
const queries = ['用户管理', '登录日志', '库存统计', '会员审核', 'yhgl', 'dlrz', 'kucunmingxi', 'system/us', 'order/ord', 'stock-12'];
const keystrokes = queries.flatMap((q) => [...q].map((_, i) => [...q].slice(0, i + 1).join('')));

const t0 = performance.now();
const index = createMenuSearch(entries);
const buildMs = performance.now() - t0;

// Warm-up: let the JIT settle before timing.
for (let r = 0; r < 3; r++) for (const k of keystrokes) index.search(k, LIMIT);

const times = [];
const ROUNDS = 10;
let found = 0;
for (let r = 0; r < ROUNDS; r++) {
  for (const k of keystrokes) {
    const s = performance.now();
    const hits = index.search(k, LIMIT);
    times.push(performance.now() - s);
    if (r === 0 && hits.length) found++;
  }
}
times.sort((a, b) => a - b);
const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];

console.log(`menu search, ${ITEMS} items: index build ${buildMs.toFixed(1)} ms`);
console.log(
  `menu search, ${ITEMS} items: per keystroke median ${at(0.5).toFixed(2)} ms, p95 ${at(0.95).toFixed(2)} ms ` +
    `(${keystrokes.length} keystrokes × ${ROUNDS}, ${found} with results; target median < 2 ms)`,
);
