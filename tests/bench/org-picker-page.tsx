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
  // Real-looking names: 20 surnames × 20 given names, so a typed surname matches about 1 user in 20.
  const surnames = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高'.split('');
  const given = ['晓明', '欣怡', '子涵', '浩然', '雨桐', '思远', '佳琪', '俊杰', '诗涵', '宇航', '梓萱', '文博', '静怡', '志强', '梦瑶', '嘉懿', '一鸣', '若曦', '建国', '秀英'];
  for (let i = 0; i < userCount; i++)
    rows.push({
      id: `u${i}`,
      parentId: stores[i % stores.length]!.id,
      fullName: `${surnames[i % 20]}${given[Math.floor(i / 20) % 20]}（ym${String(i).padStart(5, '0')}）`,
      type: 'user',
      hasChildren: false,
    });
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

async function run(input: { departments: number; users: number; runs: number; keys: string; worst: string }) {
  const db = new UserDb(`bench-picker-${Date.now()}`);
  await db.open();
  await selector.store(makeOrg(input.departments, input.users), null, db);
  const host = document.getElementById('root')!;
  const open: number[] = [];
  const keys: number[] = [];
  const phases: number[][] = [];
  const worst: number[] = [];
  const keyFrames: number[] = [];
  for (let i = 0; i < input.runs; i++) {
    const root = createRoot(host);
    const t0 = performance.now();
    // From Dexie to the open picker with its first rows painted.
    const flat = await selector.readRows<TreeNode>('', db);
    const t1 = performance.now();
    const nodes = nest(flat);
    const t2 = performance.now();
    flushSync(() =>
      root.render(
        <ChakraProvider value={system}>
          <TreeSelect nodes={nodes} value={null} onChange={() => {}} selectableType="user" leafOnly placeholder="请选择人员" />
        </ChakraProvider>,
      ),
    );
    const t3 = performance.now();
    host.querySelector<HTMLButtonElement>('[data-testid=tree-select] button')!.click();
    await until(() => !!host.querySelector('[role=treeitem]'));
    const t4 = performance.now();
    await frame();
    open.push(performance.now() - t0);
    phases.push([t1 - t0, t2 - t1, t3 - t2, t4 - t3, performance.now() - t4].map((x) => Math.round(x)));
    // Filter keystrokes: each one until the filtered rows are painted.
    const input_ = host.querySelector<HTMLInputElement>('[data-testid=tree-picker-filter]')!;
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    // The tree's frame (not the filter box above it, whose value React writes first).
    const box = host.querySelector('[data-testid=tree-picker]')!.children[1]!;
    /**
     * One keystroke: from the input event to React's commit of the filtered rows (a MutationObserver
     * fires right after the commit), and to the start of the next frame (when they are painted).
     */
    const keystroke = async (value: string) => {
      const k0 = performance.now();
      const committed = new Promise<number>((resolve) => {
        const mo = new MutationObserver(() => {
          mo.disconnect();
          resolve(performance.now());
        });
        mo.observe(box, { subtree: true, childList: true, characterData: true, attributes: true });
      });
      setValue.call(input_, value);
      input_.dispatchEvent(new Event('input', { bubbles: true }));
      const tc = await committed;
      await new Promise((r) => requestAnimationFrame(r));
      const tp = performance.now();
      // Let the frame finish before the next keystroke.
      await frame();
      return [tc - k0, tp - k0] as const;
    };
    let typed = '';
    for (const ch of input.keys) {
      typed += ch;
      const [commit, painted] = await keystroke(typed);
      keys.push(commit);
      keyFrames.push(painted);
    }
    // Worst case: one keystroke that matches every user (all 12,000 rows reachable, every department open).
    worst.push((await keystroke(input.worst))[0]);
    if (i < input.runs - 1) root.unmount();
  }
  db.close();
  await db.delete();
  const med = (a: number[]) => [...a].sort((x, y) => x - y)[a.length >> 1]!;
  const p95 = (a: number[]) => [...a].sort((x, y) => x - y)[Math.min(a.length - 1, Math.floor(a.length * 0.95))]!;
  return { phases, keyFrameMedian: med(keyFrames), worstMedian: med(worst), openMedian: med(open), openFirst: open[0]!, keyMedian: med(keys), keyP95: p95(keys), runs: open.length, keystrokes: keys.length };
}

(window as unknown as { runPickerBench: typeof run }).runPickerBench = run;
