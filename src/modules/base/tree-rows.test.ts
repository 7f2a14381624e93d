import { describe, expect, it } from 'vitest';
import { branchIds, filterNested, flattenTree, keywordMatches, nestRows, toTreeNodes, visibleTreeRows } from './tree-rows';

interface Row {
  id: string;
  parentId: string;
  fullName: string;
  enCode: string;
  children?: Row[];
}
const r = (id: string, parentId: string, fullName = id, enCode = id): Row => ({ id, parentId, fullName, enCode });

describe('tree rows', () => {
  const flat = [r('a', '0', '华东'), r('a1', 'a', '上海'), r('b', '0', '华北'), r('a2', 'a', '江苏'), r('a21', 'a2', '南京')];

  it('nests rows under their parent in their order; an orphan is a root', () => {
    const tree = nestRows([...flat, r('x', 'gone', '孤儿')]);
    expect(tree.map((n) => n.id)).toEqual(['a', 'b', 'x']);
    expect(tree[0]!.children!.map((n) => n.id)).toEqual(['a1', 'a2']);
    expect(tree[0]!.children![1]!.children!.map((n) => n.id)).toEqual(['a21']);
    // Nesting what was nested and flattened again gives the same tree (overlay rows re-nest too).
    expect(nestRows(flattenTree(tree))).toEqual(tree);
  });

  it('shows the children of expanded rows only, depth-first', () => {
    const tree = nestRows(flat);
    expect(visibleTreeRows(tree, new Set()).map((v) => v.row.id)).toEqual(['a', 'b']);
    const open = visibleTreeRows(tree, new Set(['a', 'a2']));
    expect(open.map((v) => [v.row.id, v.depth, v.hasChildren, v.expanded])).toEqual([
      ['a', 0, true, true],
      ['a1', 1, false, false],
      ['a2', 1, true, true],
      ['a21', 2, false, false],
      ['b', 0, false, false],
    ]);
    expect(branchIds(tree)).toEqual(['a', 'a2']);
  });

  it('filters by name or code, keeping the path to each match', () => {
    const tree = nestRows(flat);
    expect(keywordMatches({ fullName: 'Sales', enCode: 'SO' }, 'so')).toBe(true);
    expect(keywordMatches({ fullName: 'Sales', enCode: 'SO' }, '  ')).toBe(true);
    const cut = filterNested(tree, '南京');
    expect(cut.map((n) => n.id)).toEqual(['a']);
    expect(cut[0]!.children!.map((n) => n.id)).toEqual(['a2']);
    expect(cut[0]!.children![0]!.children!.map((n) => n.id)).toEqual(['a21']);
    expect(filterNested(tree, '')).toHaveLength(2);
    expect(filterNested(tree, '不存在')).toEqual([]);
  });

  it('makes picker nodes, leaving out a row being edited with everything under it', () => {
    const nodes = toTreeNodes(nestRows(flat), 'dictionaryData', 'a2');
    expect(nodes.map((n) => n.id)).toEqual(['a', 'b']);
    expect(nodes[0]!.children!.map((n) => n.id)).toEqual(['a1']);
    expect(nodes[0]).toMatchObject({ type: 'dictionaryData', hasChildren: true, fullName: '华东' });
    expect(nodes[1]).toMatchObject({ hasChildren: false });
    expect(nodes[1]!.children).toBeUndefined();
  });
});
