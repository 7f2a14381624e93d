import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ListFrame, useListEmpty, type ListEmptyTexts } from '@/components/list/list-frame';
import { addAction } from '@/components/list/row-actions';
import { queued } from '@/components/queued-feedback';
import type { OrganizeRow } from '@/contracts/org';
import type { ListPaging, ListSearch } from '@/lib/list-search';
import type { RemoteListView } from '@/lib/sync/remote-list';
import { usePagePermission } from '@/modules/auth/public';
import { pageOf } from '../model';
import { deleteCompany, deleteDepartment } from '../store';
import { UnitFormDialog } from './unit-form';
import { UnitTable } from './unit-table';

type Editing = { row: OrganizeRow | null; parentId?: string | null } | null;

export interface UnitListProps {
  category: OrganizeRow['category'];
  /** The whole tree of the query (it comes at once: its top rows are paged here). */
  view: RemoteListView<OrganizeRow>;
  query: ListSearch<ListPaging>;
  texts: ListEmptyTexts;
  /** The departments' company. */
  companyId?: string;
}

/** The companies or one company's departments: toolbar with 新建, the tree table (新建下级 / 编辑 / 删除), the pager and the form. */
export function UnitList({ category, view: whole, query, texts, companyId }: UnitListProps) {
  const { t } = useLingui();
  const perm = usePagePermission();
  const [editing, setEditing] = useState<Editing>(null);
  const { page, size } = query.values;
  const view = { ...whole, rows: whole.rows && pageOf(whole.rows, page, size), total: whole.rows?.length ?? 0 };
  const empty = useListEmpty(view, query, texts);
  const isCompany = category === 'company';
  const remove = isCompany ? deleteCompany : deleteDepartment;

  return (
    <ListFrame
      view={view}
      query={query}
      tableKey={isCompany ? 'org.company' : 'org.department'}
      placeholder={t`请输入名称或编码查询`}
      can={perm.button}
      actions={[addAction(isCompany ? <Trans>新建公司</Trans> : <Trans>新建部门</Trans>, () => setEditing({ row: null }), isCompany ? 'org-company-add' : 'org-department-add')]}
    >
      <UnitTable
        view={view}
        empty={empty}
        onEdit={(row) => setEditing({ row })}
        onDelete={(row) => void queued('delete', () => remove(row))}
        onAddChild={(row) => setEditing({ row: null, parentId: row.id })}
        testId={isCompany ? 'org-company-table' : 'org-department-table'}
      />
      {editing ? <UnitFormDialog category={category} row={editing.row} companyId={companyId} parentId={editing.parentId} onClose={() => setEditing(null)} /> : null}
    </ListFrame>
  );
}
