import { describe, expect, it } from 'vitest';
import { ancestorsOf, indexTree, visibleRows, type TreeItem } from './tree-model';

const items: TreeItem[] = [
  { id: 'co', parentId: null, label: '云眠家居' },
  { id: 'sales', parentId: 'co', label: '销售部' },
  { id: 'north', parentId: 'sales', label: '北区门店' },
  { id: 'u1', parentId: 'north', label: '张三' },
  { id: 'hr', parentId: 'co', label: '人力资源部' },
  { id: 'orphan', parentId: 'gone', label: '无上级' },
];

describe('tree model', () => {
  it('shows the roots, and the children of expanded items in their order with their depth', () => {
    const index = indexTree(items);
    expect(visibleRows(index, new Set()).map((r) => r.item.id)).toEqual(['co', 'orphan']);
    const rows = visibleRows(index, new Set(['co', 'sales']));
    expect(rows.map((r) => [r.item.id, r.depth, r.hasChildren, r.expanded])).toEqual([
      ['co', 0, true, true],
      ['sales', 1, true, true],
      ['north', 2, true, false],
      ['hr', 1, false, false],
      ['orphan', 0, false, false],
    ]);
  });

  it('an expanded item under a closed one stays hidden', () => {
    const index = indexTree(items);
    expect(visibleRows(index, new Set(['sales'])).map((r) => r.item.id)).toEqual(['co', 'orphan']);
  });

  it('finds the ancestors of an item, nearest first, and survives a cycle', () => {
    const index = indexTree(items);
    expect(ancestorsOf(index, 'u1')).toEqual(['north', 'sales', 'co']);
    const cyclic = indexTree<TreeItem>([
      { id: 'a', parentId: 'b', label: 'a' },
      { id: 'b', parentId: 'a', label: 'b' },
    ]);
    expect(ancestorsOf(cyclic, 'a')).toEqual(['b', 'a']);
  });

  it('a deep chain does not overflow the stack', () => {
    const deep: TreeItem[] = Array.from({ length: 20_000 }, (_, i) => ({ id: `n${i}`, parentId: i ? `n${i - 1}` : null, label: `${i}` }));
    const index = indexTree(deep);
    const rows = visibleRows(index, new Set(deep.map((d) => d.id)));
    expect(rows).toHaveLength(20_000);
    expect(rows[19_999]!.depth).toBe(19_999);
  });
});
