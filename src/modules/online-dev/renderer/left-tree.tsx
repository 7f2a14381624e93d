import { useMemo } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { TreeNode } from '@/contracts/common';
import type { ModelConfig } from '@/contracts/online-dev-model';
import { useDictionaries } from '@/modules/base/public';
import { OrgFilterPanel, useOrgTree } from '@/modules/org/public';

type DictItem = { id: string; fullName: string; enCode: string; children?: DictItem[] };

/** A dictionary's items as picker nodes, keyed by their code (what records store). */
function dictionaryNodes(items: readonly DictItem[], parentId = '-1'): TreeNode[] {
  return items.flatMap((o) => [
    { id: o.enCode, parentId, fullName: o.fullName, hasChildren: !!o.children?.length, type: 'item' } as TreeNode,
    ...dictionaryNodes(o.children ?? [], o.enCode),
  ]);
}

/**
 * The tree beside a model's list (its `tree` setting): the organisation (companies and their
 * departments, for a store or department field) or a dictionary; a node shows the records of it
 * and of everything under it, 全部 shows all. Read from this device's caches (browsable offline).
 */
export function LeftTree({ config, value, onChange }: { config: ModelConfig; value: string; onChange(node: string): void }) {
  const { t } = useLingui();
  const tree = config.list.tree;
  const org = useOrgTree().data;
  const dictionaries = useDictionaries();
  const nodes = useMemo(() => {
    if (tree?.source === 'org') return org === undefined ? undefined : (org ?? []);
    if (tree?.source === 'dictionary') {
      if (dictionaries === undefined) return undefined;
      const entry = (dictionaries ?? []).find((d) => d.enCode === tree.dictionary);
      return dictionaryNodes((entry?.dictionaryList ?? []) as DictItem[]);
    }
    return [];
  }, [tree, org, dictionaries]);
  if (!tree) return null;
  const title = tree.source === 'org' ? t`组织机构` : ((dictionaries ?? []).find((d) => d.enCode === tree.dictionary)?.fullName ?? t`分类`);
  return <OrgFilterPanel title={title} nodes={nodes} value={value || null} onChange={(id) => onChange(id ?? '')} allowAll collapseKey={`onlineDev.${config.enCode}`} />;
}
