// Runs inside headless Chromium (bundled by tree-hydrate-browser.mjs): the app's cached-dataset
// code on real IndexedDB and its VirtualTree component, rendered with the app's Chakra system.
import { ChakraProvider } from '@chakra-ui/react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { system } from '@/app/system';
import { indexTree, type TreeItem } from '@/components/tree-model';
import { VirtualTree } from '@/components/virtual-tree';
import { defineDataset } from '@/lib/sync/dataset';
import { UserDb } from '@/lib/sync/user-db';

interface Dept { id: string; parentId: string | null; fullName: string }
interface Staff { id: string; departmentId: string; realName: string; account: string }

const departments = defineDataset<Dept[]>({
  key: 'bench.org.departments',
  shape: 1,
  url: '/bench/departments',
  parse: (raw) => raw as Dept[],
  freshForMs: 60_000,
  rows: (list) => list.map((d) => ({ id: d.id, parent: d.parentId ?? '', value: d })),
});
const staff = defineDataset<Staff[]>({
  key: 'bench.org.users',
  shape: 1,
  url: '/bench/users',
  parse: (raw) => raw as Staff[],
  freshForMs: 60_000,
  rows: (list) => list.map((u) => ({ id: u.id, parent: u.departmentId, value: u })),
});

/** A company, 40 regions, 1,959 stores under them: 2,000 departments; 10,000 staff spread over the stores. */
function makeOrg(deptCount: number, userCount: number) {
  const depts: Dept[] = [{ id: 'd0', parentId: null, fullName: '云眠家居有限公司' }];
  const regions = 40;
  for (let r = 1; r <= regions; r++) depts.push({ id: `d${r}`, parentId: 'd0', fullName: `第${r}大区` });
  for (let i = regions + 1; i < deptCount; i++) depts.push({ id: `d${i}`, parentId: `d${1 + (i % regions)}`, fullName: `门店 ${i}` });
  const stores = depts.slice(regions + 1);
  const users: Staff[] = [];
  for (let i = 0; i < userCount; i++) users.push({ id: `u${i}`, departmentId: stores[i % stores.length]!.id, realName: `员工${i}`, account: `ym${String(i).padStart(5, '0')}` });
  return { depts, users };
}

async function run(input: { departments: number; users: number; runs: number }) {
  const db = new UserDb(`bench-tree-${Date.now()}`);
  await db.open();
  const { depts, users } = makeOrg(input.departments, input.users);
  await departments.store(depts, null, db);
  await staff.store(users, null, db);
  const host = document.getElementById('root')!;
  const times: number[] = [];
  const reads: number[] = [];
  let shown = 0;
  let total = 0;
  for (let i = 0; i < input.runs; i++) {
    const t0 = performance.now();
    // Read from Dexie, build the tree (all departments open: every user is a row), render, paint.
    const [d, u] = await Promise.all([departments.readRows<Dept>('', db), staff.readRows<Staff>('', db)]);
    reads.push(performance.now() - t0);
    const items: TreeItem[] = d.map((x) => ({ id: x.id, parentId: x.parentId, label: x.fullName, branch: true }));
    for (const x of u) items.push({ id: x.id, parentId: x.departmentId, label: `${x.realName}（${x.account}）` });
    const index = indexTree(items);
    const expanded = new Set(d.map((x) => x.id));
    const root = createRoot(host);
    flushSync(() =>
      root.render(
        <ChakraProvider value={system}>
          <VirtualTree items={index} expanded={expanded} onToggle={() => {}} label="组织架构" height={600} />
        </ChakraProvider>,
      ),
    );
    // The virtualizer measures its scroll element after mount: wait until rows are in the DOM, then a painted frame.
    while (!host.querySelector('[role=treeitem]')) await new Promise((r) => requestAnimationFrame(r));
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    times.push(performance.now() - t0);
    shown = host.querySelectorAll('[role=treeitem]').length;
    total = Number(host.querySelector('[role=treeitem]')!.getAttribute('aria-setsize'));
    // The last render stays on the page for the screenshot.
    if (i < input.runs - 1) root.unmount();
  }
  db.close();
  await db.delete();
  const sorted = [...times].sort((a, b) => a - b);
  const readSorted = [...reads].sort((a, b) => a - b);
  return { times, readMedian: readSorted[readSorted.length >> 1]!, median: sorted[sorted.length >> 1]!, first: times[0]!, shown, total, depts: depts.length, users: users.length };
}

(window as unknown as { runTreeBench: typeof run }).runTreeBench = run;
