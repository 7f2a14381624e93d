import { Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { PAGE_SIZES } from '@/contracts/limits';
import { LIST_BUTTONS, type ListButton, type ListConfig, type ListTree } from '@/contracts/online-dev-model';
import { useDictionaries } from '@/modules/base/public';
import { keywordChoices, searchChoices, sortChoices, toggleIn, treeChoices } from '../core/list-settings';
import { buttonName, systemColumnName } from '../messages';
import { CheckList, ListColumnsSection } from './list-columns';
import { PropSection, SelectProp } from './prop-controls';
import { useDesigner, useDesignerView } from './use-designer';

/** 列表设置: columns, search and keyword fields, default sort, page size, buttons and the tree on the left. */
export function ListPanel() {
  const { t } = useLingui();
  const designer = useDesigner();
  const view = useDesignerView();
  const dictionaries = useDictionaries();
  const def = view.state.doc.draft;
  const list = def.list;
  const update = (patch: Partial<ListConfig>) => designer.dispatch({ type: 'updateList', patch });
  const tree = list.tree;
  const setTree = (source: string) => {
    if (source === (tree?.source ?? '')) return;
    const field = source ? (treeChoices(def, source as ListTree['source'])[0]?.key ?? '') : '';
    if (source === 'org') update({ tree: { source: 'org', field } });
    else if (source === 'dictionary') update({ tree: { source: 'dictionary', dictionary: dictionaries?.[0]?.enCode ?? '', field } });
    else update({ tree: null });
  };
  return (
    <Stack gap="3" p="3" data-testid="od-list-panel">
      <ListColumnsSection />
      <PropSection title={<Trans>查询字段</Trans>}>
        <CheckList choices={searchChoices(def)} value={list.searchFields} onToggle={(k) => update({ searchFields: toggleIn(list.searchFields, k) })} testId="od-list-search" />
      </PropSection>
      <PropSection title={<Trans>关键词搜索的字段</Trans>}>
        <CheckList choices={keywordChoices(def)} value={list.keywordFields} onToggle={(k) => update({ keywordFields: toggleIn(list.keywordFields, k) })} testId="od-list-keyword" />
      </PropSection>
      <PropSection title={<Trans>排序与分页</Trans>}>
        <SelectProp
          label={t`默认排序字段`}
          value={list.sort.field}
          choices={sortChoices(def).map((c) => ({ value: c.key, label: c.system ? systemColumnName(c.key) : c.label }))}
          onChange={(field) => update({ sort: { ...list.sort, field } })}
          testId="od-list-sortField"
        />
        <SelectProp
          label={t`排序方式`}
          value={list.sort.order}
          choices={[
            { value: 'desc', label: t`降序` },
            { value: 'asc', label: t`升序` },
          ]}
          onChange={(order) => update({ sort: { ...list.sort, order: order as 'asc' | 'desc' } })}
          testId="od-list-sortOrder"
        />
        <SelectProp label={t`每页条数`} value={String(list.pageSize)} choices={PAGE_SIZES.map((n) => ({ value: String(n), label: t`${n} 条/页` }))} onChange={(v) => update({ pageSize: Number(v) })} testId="od-list-pageSize" />
      </PropSection>
      <PropSection title={<Trans>按钮</Trans>}>
        <CheckList
          choices={LIST_BUTTONS.map((b) => ({ key: b, label: buttonName(b), system: false }))}
          value={list.buttons}
          onToggle={(b) => update({ buttons: LIST_BUTTONS.filter((x) => (x === b ? !list.buttons.includes(x) : list.buttons.includes(x))) as ListButton[] })}
          testId="od-list-buttons"
        />
      </PropSection>
      <PropSection title={<Trans>左侧树</Trans>}>
        <SelectProp
          label={t`数据来源`}
          value={tree?.source ?? ''}
          empty={t`不显示`}
          choices={[
            { value: 'dictionary', label: t`数据字典` },
            { value: 'org', label: t`组织机构` },
          ]}
          onChange={setTree}
          testId="od-list-tree"
        />
        {tree?.source === 'dictionary' ? (
          <SelectProp
            label={t`数据字典`}
            value={tree.dictionary}
            empty={dictionaries ? t`请选择` : t`加载中…`}
            choices={(dictionaries ?? []).map((d) => ({ value: d.enCode, label: `${d.fullName}（${d.enCode}）` }))}
            onChange={(dictionary) => update({ tree: { ...tree, dictionary } })}
            testId="od-list-treeDictionary"
          />
        ) : null}
        {tree ? (
          <SelectProp
            label={t`筛选字段`}
            value={tree.field}
            empty={t`请选择`}
            choices={treeChoices(def, tree.source).map((c) => ({ value: c.key, label: `${c.label}（${c.key}）` }))}
            onChange={(field) => update({ tree: { ...tree, field } })}
            testId="od-list-treeField"
            helper={tree.source === 'org' ? <Trans>组织选择或部门选择字段</Trans> : <Trans>单选的下拉选择、单选框组或下拉树形字段</Trans>}
          />
        ) : null}
      </PropSection>
    </Stack>
  );
}
