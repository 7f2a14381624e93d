import { describe, expect, it } from 'vitest';
import type { TreeNode } from '@/contracts/common';
import { filterTree, flattenNodes, insertChildren, isSelectable, revealChosen, toggleChoice, type NodeItem } from './tree-filter';
import { indexTree, visibleRows } from './tree-model';

const user = (id: string, parentId: string, fullName: string, quickQuery: string): TreeNode => ({ id, parentId, fullName, type: 'user', hasChildren: false, quickQuery });
const org: TreeNode[] = [
  {
    id: 'co',
    parentId: '-1',
    fullName: '云眠家居',
    type: 'company',
    hasChildren: true,
    children: [
      {
        id: 'sales',
        parentId: 'co',
        fullName: '销售部',
        type: 'department',
        hasChildren: true,
        children: [
          { id: 'north', parentId: 'sales', fullName: '北区门店', type: 'department', hasChildren: true, children: [user('u1', 'north', '王晓明', 'WXM')] },
          user('u2', 'sales', '张三', 'ZS'),
        ],
      },
      { id: 'hr', parentId: 'co', fullName: '人力资源部', type: 'department', hasChildren: true, children: [user('u3', 'hr', '李四', 'LS'), { ...user('u4', 'hr', '赵六', 'ZL'), disabled: true }] },
      { id: 'empty', parentId: 'co', fullName: '筹备部', type: 'department', hasChildren: false, children: [] },
    ],
  },
];

function model(nodes: TreeNode[] = org, lazy = false) {
  const items = flattenNodes(nodes, lazy);
  return { items, index: indexTree(items) };
}
const ids = (rows: { item: NodeItem }[]) => rows.map((r) => r.item.id);

describe('tree picker: nodes', () => {
  it('flattens nested nodes depth-first under their parents, in their order', () => {
    const { items, index } = model();
    expect(items.map((i) => i.id)).toEqual(['co', 'sales', 'north', 'u1', 'u2', 'hr', 'u3', 'u4', 'empty']);
    const all = new Set(items.map((i) => i.id));
    expect(visibleRows(index, all).map((r) => [r.item.id, r.depth])).toEqual([
      ['co', 0], ['sales', 1], ['north', 2], ['u1', 3], ['u2', 2], ['hr', 1], ['u3', 2], ['u4', 2], ['empty', 1],
    ]);
  });

  it('a flat list whose nodes name their parents nests too; a repeated id shows once', () => {
    const flat: TreeNode[] = [
      { id: 'd', parentId: '-1', fullName: '总部', hasChildren: true },
      { id: 'p', parentId: 'd', fullName: '经理', hasChildren: false },
      { id: 'p', parentId: 'd', fullName: '经理', hasChildren: false },
    ];
    const { index } = model(flat);
    expect(visibleRows(index, new Set(['d'])).map((r) => [r.item.id, r.depth])).toEqual([['d', 0], ['p', 1]]);
  });
});

describe('tree picker: filter', () => {
  it('shows matching nodes with their ancestors opened, and nothing else at the top level', () => {
    const { items, index } = model();
    const res = filterTree(items, index, '王')!;
    expect([...res.matched]).toEqual(['u1']);
    expect(ids(visibleRows(res.index, res.expanded))).toEqual(['co', 'sales', 'north', 'u1']);
  });

  it('matches the pinyin initials (quickQuery) whatever the case', () => {
    const { items, index } = model();
    const res = filterTree(items, index, 'zs')!;
    expect([...res.matched]).toEqual(['u2']);
    expect(ids(visibleRows(res.index, res.expanded))).toEqual(['co', 'sales', 'u2']);
  });

  it('a matching department stays closed but can be opened to pick from it', () => {
    const { items, index } = model();
    const res = filterTree(items, index, '人力')!;
    const closed = visibleRows(res.index, res.expanded);
    expect(ids(closed)).toEqual(['co', 'hr']);
    expect(closed[1]!.hasChildren).toBe(true);
    expect(ids(visibleRows(res.index, new Set([...res.expanded, 'hr'])))).toEqual(['co', 'hr', 'u3', 'u4']);
  });

  it('an empty or blank filter shows the whole tree; no match shows nothing', () => {
    const { items, index } = model();
    expect(filterTree(items, index, '  ')).toBeNull();
    const none = filterTree(items, index, '不存在')!;
    expect(none.matched.size).toBe(0);
    expect(none.index.roots).toEqual([]);
  });

  it('12,000 nodes: one filter keystroke (sanity print, not asserted)', () => {
    // 10 companies × 20 departments × 59 users = 200 + 11,800 + 10 nodes ≈ 12,000.
    const names = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周'];
    const big: TreeNode[] = Array.from({ length: 10 }, (_, c) => ({
      id: `c${c}`,
      parentId: '-1',
      fullName: `公司${c}`,
      type: 'company',
      hasChildren: true,
      children: Array.from({ length: 20 }, (_, d) => ({
        id: `c${c}d${d}`,
        parentId: `c${c}`,
        fullName: `部门${c}-${d}`,
        type: 'department',
        hasChildren: true,
        children: Array.from({ length: 59 }, (_, u) => user(`c${c}d${d}u${u}`, `c${c}d${d}`, `${names[u % 10]}员工${c}${d}${u}`, `YG${c}${d}${u}`)),
      })),
    }));
    model(big); // warm-up
    const t0 = performance.now();
    const { items, index } = model(big);
    const buildMs = performance.now() - t0;
    expect(items.length).toBe(12_010);
    const queries = ['王', '王员', '王员工1', 'yg12', '部门3', 'zz'];
    for (const q of queries) filterTree(items, index, q); // warm-up
    const runs = 20;
    const t1 = performance.now();
    for (let r = 0; r < runs; r++) for (const q of queries) filterTree(items, index, q);
    const perKeystroke = (performance.now() - t1) / (runs * queries.length);
    const res = filterTree(items, index, '王员工1')!;
    expect(visibleRows(res.index, res.expanded).length).toBeGreaterThan(res.matched.size);
    console.log(`[tree-filter] 12,010 nodes: build ${buildMs.toFixed(1)} ms, filter ${perKeystroke.toFixed(2)} ms per keystroke`);
  });
});

describe('tree picker: what can be chosen (spec 5.4)', () => {
  it('approvers: only users, only leaves; departments and disabled users cannot be chosen', () => {
    const { items, index } = model();
    const can = (id: string) => isSelectable(index.byId.get(id)!, index, { selectableType: 'user', leafOnly: true });
    expect(items.filter((i) => isSelectable(i, index, { selectableType: 'user', leafOnly: true })).map((i) => i.id)).toEqual(['u1', 'u2', 'u3']);
    expect(can('sales')).toBe(false);
    expect(can('u4')).toBe(false);
  });

  it('last level of a type: a department with children cannot be chosen, one without can', () => {
    const { index } = model();
    const rule = { selectableType: ['department'], leafOnly: true };
    expect(isSelectable(index.byId.get('north')!, index, rule)).toBe(false);
    expect(isSelectable(index.byId.get('empty')!, index, rule)).toBe(true);
    expect(isSelectable(index.byId.get('u1')!, index, rule)).toBe(false);
  });

  it('without a rule anything enabled can be chosen', () => {
    const { items, index } = model();
    expect(items.filter((i) => isSelectable(i, index, {})).map((i) => i.id)).not.toContain('u4');
    expect(items.filter((i) => isSelectable(i, index, {})).length).toBe(items.length - 1);
  });

  it('a lazy node not loaded yet is not a leaf', () => {
    const lazyTree: TreeNode[] = [{ id: 'd', parentId: '-1', fullName: '总部', type: 'department', hasChildren: true }];
    const { index } = model(lazyTree, true);
    expect(isSelectable(index.byId.get('d')!, index, { leafOnly: true })).toBe(false);
  });

  it('one choice replaces the other; in multiple mode a click toggles', () => {
    expect(toggleChoice(['u1'], 'u2', false)).toEqual(['u2']);
    expect(toggleChoice(['u1'], 'u2', true)).toEqual(['u1', 'u2']);
    expect(toggleChoice(['u1', 'u2'], 'u1', true)).toEqual(['u2']);
  });

  it('the chosen nodes are in view when the picker opens', () => {
    const { index } = model();
    expect(revealChosen(index, ['u1', 'u3']).sort()).toEqual(['co', 'hr', 'north', 'sales']);
  });
});

describe('tree picker: lazy levels', () => {
  const top: TreeNode[] = [
    { id: 'd1', parentId: '-1', fullName: '总部', type: 'department', hasChildren: true },
    { id: 'd2', parentId: '-1', fullName: '分部', type: 'department', hasChildren: true },
  ];

  it('a node with children still to load can be opened; without loadChildren it cannot', () => {
    expect(visibleRows(model(top, true).index, new Set())[0]!.hasChildren).toBe(true);
    expect(visibleRows(model(top, false).index, new Set())[0]!.hasChildren).toBe(false);
  });

  it('the loaded children appear under their parent, lazy in turn', () => {
    const { items } = model(top, true);
    const next = insertChildren(items, 'd1', [
      { id: 'u1', parentId: 'd1', fullName: '王晓明', type: 'user', hasChildren: false },
      { id: 'd11', parentId: 'd1', fullName: '研发组', type: 'department', hasChildren: true },
    ]);
    const index = indexTree(next);
    const rows = visibleRows(index, new Set(['d1']));
    expect(rows.map((r) => [r.item.id, r.depth, r.hasChildren])).toEqual([
      ['d1', 0, true],
      ['u1', 1, false],
      ['d11', 1, true],
      ['d2', 0, true],
    ]);
    // The loaded user can now be found by the filter.
    expect([...filterTree(next, index, '晓明')!.matched]).toEqual(['u1']);
  });

  it('a node that loads nothing loses its expand arrow; loading twice adds nothing twice', () => {
    const { items } = model(top, true);
    const once = insertChildren(items, 'd2', []);
    expect(visibleRows(indexTree(once), new Set(['d2']))[1]!.hasChildren).toBe(false);
    const kid: TreeNode[] = [{ id: 'u9', parentId: 'd1', fullName: '周九', type: 'user', hasChildren: false }];
    const twice = insertChildren(insertChildren(items, 'd1', kid), 'd1', kid);
    expect(twice.filter((i) => i.id === 'u9')).toHaveLength(1);
  });

  it('children arriving after their parent is gone (tree replaced) are dropped, not shown as roots', () => {
    const { items } = model(top, true);
    const next = insertChildren(items, 'gone', [{ id: 'x', parentId: 'gone', fullName: 'x', hasChildren: false }]);
    expect(next.map((i) => i.id)).toEqual(['d1', 'd2']);
  });
});
