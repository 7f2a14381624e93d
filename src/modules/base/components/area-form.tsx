import { useEffect, useState } from 'react';
import { Input, Text, Textarea } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { AREA_LEVEL_MAX, ROOT_PARENT, areaBodySchema, type AreaRow } from '@/contracts/base';
import type { TreeNode } from '@/contracts/common';
import { FormDialog } from '@/components/form-dialog';
import { EnabledSwitch, FormField } from '@/components/form-field';
import { TreeSelect } from '@/components/tree-select';
import { loadAreaNodes } from '../data';
import { queued } from '@/components/queued-feedback';
import { saveArea } from '../store';

type Values = z.input<typeof areaBodySchema>;
type Output = z.output<typeof areaBodySchema>;

export type AreaDialog = { mode: 'create'; parent: AreaRow | null } | { mode: 'edit'; row: AreaRow };

/**
 * Whether a picker node may become the parent of `editing`: not the area itself (nor, as its
 * children are never loaded, anything under it), and not an area at the last level (spec 9: three
 * levels) — nor one level above it when the area brings children along.
 */
export function areaParentChoosable(node: TreeNode, editing: Pick<AreaRow, 'id' | 'hasChildren'>): boolean {
  if (node.id === editing.id) return false;
  const level = Number(node.level);
  return !Number.isFinite(level) || level + 1 + (editing.hasChildren ? 1 : 0) <= AREA_LEVEL_MAX;
}

/** Picker nodes of the areas (cached per parent); the area being edited and what lies under it cannot be chosen. */
function useAreaParentNodes(editing: AreaRow | null) {
  const [nodes, setNodes] = useState<TreeNode[] | undefined>(undefined);
  const mark = (list: TreeNode[]) =>
    list.map((n) => (!editing || areaParentChoosable(n, editing) ? n : { ...n, disabled: true, hasChildren: n.id === editing.id ? false : n.hasChildren }));
  useEffect(() => {
    if (!editing) return;
    let live = true;
    loadAreaNodes(ROOT_PARENT).then(
      (list) => live && setNodes(mark(list)),
      () => live && setNodes([]),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editing?.id]);
  const loadChildren = async (node: TreeNode) => (editing && node.id === editing.id ? [] : mark(await loadAreaNodes(node.id)));
  return { nodes, loadChildren };
}

/** Add (top level or under a parent) or edit an area (spec 5.1: the code is digits only). */
export function AreaFormDialog({ dialog, onClose, onSaved }: { dialog: AreaDialog | null; onClose(): void; onSaved?(row: { id: string; parentId: string }): void }) {
  const { t } = useLingui();
  const editing = dialog?.mode === 'edit' ? dialog.row : null;
  const parent = dialog?.mode === 'create' ? dialog.parent : null;
  const { register, control, handleSubmit, reset, formState } = useForm<Values, unknown, Output>({ resolver: zodResolver(areaBodySchema) });
  useEffect(() => {
    if (!dialog) return;
    reset(
      editing
        ? { parentId: editing.parentId, fullName: editing.fullName, enCode: editing.enCode, sortCode: editing.sortCode, description: editing.description ?? '', enabledMark: editing.enabledMark }
        : { parentId: parent?.id ?? ROOT_PARENT, fullName: '', enCode: '', sortCode: 0, description: '', enabledMark: 1 },
    );
  }, [dialog, editing, parent, reset]);
  const picker = useAreaParentNodes(editing);
  const errors = formState.errors;

  const onSubmit = handleSubmit(async (values) => {
    const ok = await queued('save', async () => {
      const id = await saveArea(values, editing);
      onSaved?.({ id, parentId: values.parentId });
    });
    if (ok) onClose();
  });

  return (
    <FormDialog open={!!dialog} title={editing ? t`编辑区域` : t`新建区域`} onClose={onClose} onSubmit={onSubmit} submitting={formState.isSubmitting} testId="area-form" submitTestId="form-submit">
      {editing ? (
        <FormField label={t`上级`} error={errors.parentId}>
          <Controller
            control={control}
            name="parentId"
            render={({ field }) => (
              <TreeSelect
                nodes={picker.nodes}
                loadChildren={picker.loadChildren}
                value={field.value === ROOT_PARENT ? null : field.value}
                onChange={(id) => field.onChange(id ?? ROOT_PARENT)}
                placeholder={t`顶级`}
                aria-label={t`上级`}
              />
            )}
          />
        </FormField>
      ) : (
        <Text fontSize="sm" color="fg.muted">
          {parent ? <Trans>上级：{parent.fullName}</Trans> : <Trans>上级：顶级</Trans>}
        </Text>
      )}
      <FormField label={t`名称`} error={errors.fullName} required>
        <Input {...register('fullName')} autoComplete="off" data-testid="area-fullName" />
      </FormField>
      <FormField label={t`编码`} error={errors.enCode} required>
        <Input {...register('enCode')} inputMode="numeric" autoComplete="off" data-testid="area-enCode" />
      </FormField>
      <FormField label={t`排序`} error={errors.sortCode}>
        <Input {...register('sortCode')} type="number" inputMode="numeric" min={0} />
      </FormField>
      <FormField label={t`说明`} error={errors.description}>
        <Textarea {...register('description')} rows={3} />
      </FormField>
      <Controller control={control} name="enabledMark" render={({ field }) => <EnabledSwitch value={field.value} onChange={field.onChange} testId="form-enabled" label={t`启用`} />} />
    </FormDialog>
  );
}
