import { useMemo } from 'react';
import { useLingui } from '@lingui/react/macro';
import { ApproverPicker, type ApproverPickerProps } from '@/components/approver-picker';
import { TreeSelect, type TreeSelectProps } from '@/components/tree-select';
import { useDepartmentTree, useOrgTree, usePositionTree, usePositions, useUserTree } from '../data';
import { departmentsOfCompany, nodesOfType, ROOT_PARENT, withoutBranch, type FlatNode } from '../model';

/**
 * The organisation pickers, bound to the cached trees (so they work offline): TreeSelect fields for
 * companies, departments, positions and users, and the approver dialog over the user tree.
 */

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** TreeSelect's props without the tree and the choice rule, which each picker sets. */
export type PickerProps = DistributiveOmit<TreeSelectProps, 'nodes' | 'selectableType' | 'leafOnly'>;

/** undefined while the local copy is read (spinner); an empty tree when none is cached. */
const nodesOf = (data: FlatNode[] | null | undefined, pick: (d: FlatNode[]) => FlatNode[]) => (data === undefined ? undefined : pick(data ?? []));

/** A company (type 'company'); `exclude`: a company that cannot be chosen with everything under it (its own parent). */
export function CompanySelect({ exclude, ...props }: PickerProps & { exclude?: string | null }) {
  const { t } = useLingui();
  const { data } = useOrgTree();
  const nodes = useMemo(() => nodesOf(data, (d) => withoutBranch(nodesOfType(d, 'company'), exclude)), [data, exclude]);
  return <TreeSelect {...(props as TreeSelectProps)} nodes={nodes} selectableType="company" placeholder={props.placeholder ?? t`请选择公司`} />;
}

/**
 * A department (type 'department'; `types` widens it, e.g. a department's parent may be its
 * company). `companyId` limits it to that company's departments; `exclude` bars a branch.
 */
export function DepartmentSelect({
  companyId,
  exclude,
  types = ['department'],
  ...props
}: PickerProps & { companyId?: string | null; exclude?: string | null; types?: string[] }) {
  const { t } = useLingui();
  const { data } = useDepartmentTree();
  const nodes = useMemo(
    () => nodesOf(data, (d) => withoutBranch(companyId === undefined ? d : departmentsOfCompany(d, companyId), exclude)),
    [data, companyId, exclude],
  );
  return <TreeSelect {...(props as TreeSelectProps)} nodes={nodes} selectableType={types} placeholder={props.placeholder ?? t`请选择部门`} />;
}

/**
 * A position: from the position tree (companies → departments → positions), or with `organizeId`
 * only the positions of that department (or company).
 */
export function PositionSelect({ organizeId, ...props }: PickerProps & { organizeId?: string | null }) {
  const { t } = useLingui();
  const tree = usePositionTree().data;
  const positions = usePositions().data;
  const nodes = useMemo(() => {
    if (organizeId === undefined) return nodesOf(tree, (d) => d);
    if (positions === undefined) return undefined;
    return (positions ?? [])
      .filter((p) => p.organizeId === organizeId)
      .map((p): FlatNode => ({ id: p.id, parentId: ROOT_PARENT, fullName: p.fullName, enCode: p.enCode, type: 'position', hasChildren: false }));
  }, [organizeId, tree, positions]);
  return <TreeSelect {...(props as TreeSelectProps)} nodes={nodes} selectableType="position" leafOnly placeholder={props.placeholder ?? t`请选择岗位`} />;
}

/** A user (only 'user' leaves of the organisation tree can be chosen; several with `multiple`). */
export function UserSelect(props: PickerProps) {
  const { t } = useLingui();
  const { data } = useUserTree();
  const nodes = useMemo(() => nodesOf(data, (d) => d), [data]);
  return <TreeSelect {...(props as TreeSelectProps)} nodes={nodes} selectableType="user" leafOnly placeholder={props.placeholder ?? t`请选择用户`} />;
}

/** The approver picker (spec 5.4) over the cached organisation-and-users tree. */
export function ApproverDialog(props: Omit<ApproverPickerProps, 'nodes' | 'loadChildren'>) {
  const { data } = useUserTree();
  const nodes = useMemo(() => nodesOf(data, (d) => d), [data]);
  return <ApproverPicker {...props} nodes={nodes} />;
}

