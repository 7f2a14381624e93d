// Runs inside headless Chromium (bundled by org-picker-browser.mjs): the app's cached-dataset code
// on real IndexedDB and its TreeSelect picker, rendered with the app's Chakra system.
import { ChakraProvider } from '@chakra-ui/react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { system } from '@/app/system';
import type { TreeNode } from '@/contracts/common';
import { TreeSelect } from '@/components/tree-select';
import { defineDataset } from '@/lib/sync/dataset';
import { UserDb } from '@/lib/sync/user-db';

/** The user selector tree as the app caches it: one row per node, under its parent. */
const selector = defineDataset<TreeNode[]>({
  key: 'bench.org.selector',
  shape: 1,
  url: '/bench/selector',
  parse: (raw) => raw as TreeNode[],
  freshForMs: 60_000,
  rows: (list) => list.map((n) => ({ id: n.id, parent: n.parentId, value: n })),
});

function makeOrg(deptCount: number, userCount: number): TreeNode[] {
  const rows: TreeNode[] = [{ id: 'd0', parentId: '', fullName: '云眠家居有限公司', type: 'company', hasChildren: true }];
  const regions = 40;
  for (let r = 1; r <= regions; r++) rows.push({ id: `d${r}`, parentId: 'd0', fullName: `第${r}大区`, type: 'department', hasChildren: true });
  for (let i = regions + 1; i < deptCount; i++) rows.push({ id: `d${i}`, parentId: `d${1 + (i % regions)}`, fullName: `门店 ${i}`, type: 'department', hasChildren: true });
  const stores = rows.slice(regions + 1);
  for (let i = 0; i < userCount; i++)
    rows.push({ id: `u${i}`, parentId: stores[i % stores.length]!.id, fullName: `员工${i}（ym${String(i).padStart(5, '0')}）`, type: 'user', hasChildren: false, quickQuery: `YG${i}` });
  return rows;
}

/** Nests the flat cached rows (what the org module's data layer does before handing them to a picker). */
function nest(rows: TreeNode[]): TreeNode[] {
  const byId = new Map(rows.map((r) => [r.id, { ...r, children: [] as TreeNode[] }]));
  const roots: TreeNode[] = [];
  for (const n of byId.values()) {
    const p = byId.get(n.parentId);
    if (p) p.children!.push(n);
    else roots.push(n);
  }
  return roots;
}

const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
async function until(test: () => boolean) {
  while (!test()) await new Promise((r) => requestAnimationFrame(r));
}

async function run(input: { departments: number; users: number; runs: number; keys: string }) {
  const db = new UserDb(`bench-picker-${Date.now()}`);
  await db.open();
  await selector.store(makeOrg(input.departments, input.users), null, db);
  const host = document.getElementById('root')!;
  const open: number[] = [];
  const keys: number[] = [];
  for (let i = 0; i < input.runs; i++) {
    const root = createRoot(host);
    const t0 = performance.now();
    // From Dexie to the open picker with its first rows painted.
    const nodes = nest(await selector.readRows<TreeNode>('', db));
    flushSync(() =>
      root.render(
        <ChakraProvider value={system}>
          <TreeSelect nodes={nodes} value={null} onChange={() => {}} selectableType="user" leafOnly placeholder="请选择人员" />
        </ChakraProvider>,
      ),
    );
    host.querySelector<HTMLButtonElement>('[data-testid=tree-select] button')!.click();
    await until(() => !!host.querySelector('[role=treeitem]'));
    await frame();
    open.push(performance.now() - t0);
    // Filter keystrokes: each one until the filtered rows are painted.
    const input_ = host.querySelector<HTMLInputElement>('[data-testid=tree-picker-filter]')!;
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    let typed = '';
    for (const ch of input.keys) {
      typed += ch;
      const before = host.querySelector('[role=tree]')?.innerHTML;
      const k0 = performance.now();
      setValue.call(input_, typed);
      input_.dispatchEvent(new Event('input', { bubbles: true }));
      await until(() => host.querySelector('[role=tree]')?.innerHTML !== before || !host.querySelector('[role=tree]'));
      await frame();
      keys.push(performance.now() - k0);
    }
    if (i < input.runs - 1) root.unmount();
  }
  db.close();
  await db.delete();
  const med = (a: number[]) => [...a].sort((x, y) => x - y)[a.length >> 1]!;
  const p95 = (a: number[]) => [...a].sort((x, y) => x - y)[Math.min(a.length - 1, Math.floor(a.length * 0.95))]!;
  return { openMedian: med(open), openFirst: open[0]!, keyMedian: med(keys), keyP95: p95(keys), runs: open.length, keystrokes: keys.length };
}

(window as unknown as { runPickerBench: typeof run }).runPickerBench = run;
