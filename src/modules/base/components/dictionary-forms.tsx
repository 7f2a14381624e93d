import { useEffect, useMemo } from 'react';
import { Input, Text, Textarea } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { DICTIONARY_ROOT, ROOT_PARENT, dictionaryDataBodySchema, dictionaryTypeBodySchema, type DictionaryDataRow, type DictionaryTypeRow } from '@/contracts/base';
import { FormDialog } from '@/components/form-dialog';
import { EnabledSwitch, FormField } from '@/components/form-field';
import { TreeSelect } from '@/components/tree-select';
import { queued } from '@/components/queued-feedback';
import { useDictionaryDataList } from '../list-hooks';
import { saveDictionaryData, saveDictionaryType } from '../store';
import { flattenTree, nestRows, toTreeNodes } from '../tree-rows';

// ---- dictionary type ---------------------------------------------------------------------------

type TypeValues = z.input<typeof dictionaryTypeBodySchema>;
type TypeOutput = z.output<typeof dictionaryTypeBodySchema>;

export type DictionaryTypeDialog = { mode: 'create'; parentId: string } | { mode: 'edit'; row: DictionaryTypeRow };

/** Add or edit a dictionary type; `tree` is the (nested) type tree for choosing the parent. */
export function DictionaryTypeFormDialog({ dialog, tree, onClose, onSaved }: { dialog: DictionaryTypeDialog | null; tree: readonly DictionaryTypeRow[]; onClose(): void; onSaved?(id: string): void }) {
  const { t } = useLingui();
  const editing = dialog?.mode === 'edit' ? dialog.row : null;
  const { register, control, handleSubmit, reset, formState } = useForm<TypeValues, unknown, TypeOutput>({ resolver: zodResolver(dictionaryTypeBodySchema) });
  useEffect(() => {
    if (!dialog) return;
    reset(
      editing
        ? { parentId: editing.parentId, fullName: editing.fullName, enCode: editing.enCode, isTree: editing.isTree, sortCode: editing.sortCode, description: editing.description ?? '' }
        : { parentId: dialog.mode === 'create' ? dialog.parentId : ROOT_PARENT, fullName: '', enCode: '', isTree: 0, sortCode: 0, description: '' },
    );
  }, [dialog, editing, reset]);
  const nodes = useMemo(() => toTreeNodes(tree, 'dictionaryType', editing?.id), [tree, editing?.id]);
  const errors = formState.errors;

  const onSubmit = handleSubmit(async (values) => {
    let id = '';
    if (
      await queued('save', async () => {
        id = await saveDictionaryType(values, editing);
      })
    ) {
      onSaved?.(id);
      onClose();
    }
  });

  return (
    <FormDialog open={!!dialog} title={editing ? t`编辑字典分类` : t`新建字典分类`} onClose={onClose} onSubmit={onSubmit} submitting={formState.isSubmitting} testId="dictionary-type-form" submitTestId="form-submit">
      <FormField label={t`上级`} error={errors.parentId}>
        <Controller
          control={control}
          name="parentId"
          render={({ field }) => (
            <TreeSelect nodes={nodes} value={field.value === ROOT_PARENT ? null : field.value} onChange={(id) => field.onChange(id ?? ROOT_PARENT)} placeholder={t`顶级`} aria-label={t`上级`} />
          )}
        />
      </FormField>
      <FormField label={t`名称`} error={errors.fullName} required>
        <Input {...register('fullName')} autoComplete="off" data-testid="type-fullName" />
      </FormField>
      <FormField label={t`编码`} error={errors.enCode} required>
        <Input {...register('enCode')} autoComplete="off" data-testid="type-enCode" />
      </FormField>
      <Controller control={control} name="isTree" render={({ field }) => <EnabledSwitch value={field.value} onChange={field.onChange} testId="form-enabled" label={t`树形结构（数据可以有上下级）`} />} />
      <FormField label={t`排序`} error={errors.sortCode}>
        <Input {...register('sortCode')} type="number" inputMode="numeric" min={0} />
      </FormField>
      <FormField label={t`说明`} error={errors.description}>
        <Textarea {...register('description')} rows={2} />
      </FormField>
    </FormDialog>
  );
}

// ---- dictionary data ---------------------------------------------------------------------------

type DataValues = z.input<typeof dictionaryDataBodySchema>;
type DataOutput = z.output<typeof dictionaryDataBodySchema>;

export type DictionaryDataDialog = { mode: 'create'; parentId?: string } | { mode: 'edit'; row: DictionaryDataRow };

/**
 * Add or edit an item of a dictionary type. For tree types the parent is chosen from the type's
 * whole item tree (the list without keyword, cached); the item being edited and its descendants
 * are not offered.
 */
export function DictionaryDataFormDialog({
  dialog,
  type,
  onClose,
  onSaved,
}: {
  dialog: DictionaryDataDialog | null;
  type: DictionaryTypeRow;
  onClose(): void;
  onSaved?(row: { id: string; parentId: string }): void;
}) {
  const { t } = useLingui();
  const all = useDictionaryDataList({ typeId: type.id, keyword: '' });
  const tree = useMemo(() => nestRows(flattenTree(all.rows ?? [])), [all.rows]);
  const editing = dialog?.mode === 'edit' ? dialog.row : null;
  const { register, control, handleSubmit, reset, formState } = useForm<DataValues, unknown, DataOutput>({ resolver: zodResolver(dictionaryDataBodySchema) });
  useEffect(() => {
    if (!dialog) return;
    reset(
      editing
        ? { dictionaryTypeId: type.id, parentId: editing.parentId, fullName: editing.fullName, enCode: editing.enCode, sortCode: editing.sortCode, description: editing.description ?? '', enabledMark: editing.enabledMark }
        : { dictionaryTypeId: type.id, parentId: (dialog.mode === 'create' && dialog.parentId) || DICTIONARY_ROOT, fullName: '', enCode: '', sortCode: 0, description: '', enabledMark: 1 },
    );
  }, [dialog, editing, type.id, reset]);
  const nodes = useMemo(() => (type.isTree ? toTreeNodes(tree, 'dictionaryData', editing?.id) : []), [tree, type.isTree, editing?.id]);
  const errors = formState.errors;

  const onSubmit = handleSubmit(async (values) => {
    let id = '';
    if (
      await queued('save', async () => {
        id = await saveDictionaryData(values, editing);
      })
    ) {
      onSaved?.({ id, parentId: values.parentId });
      onClose();
    }
  });

  return (
    <FormDialog open={!!dialog} title={editing ? t`编辑字典数据` : t`新建字典数据`} onClose={onClose} onSubmit={onSubmit} submitting={formState.isSubmitting} testId="dictionary-data-form" submitTestId="form-submit">
      <Text fontSize="sm" color="fg.muted">
        <Trans>所属分类：{type.fullName}</Trans>
      </Text>
      {type.isTree ? (
        <FormField label={t`上级`} error={errors.parentId}>
          <Controller
            control={control}
            name="parentId"
            render={({ field }) => (
              <TreeSelect
                nodes={nodes}
                value={field.value === DICTIONARY_ROOT ? null : field.value}
                onChange={(id) => field.onChange(id ?? DICTIONARY_ROOT)}
                placeholder={t`顶级`}
                aria-label={t`上级`}
                data-testid="data-parent"
              />
            )}
          />
        </FormField>
      ) : null}
      <FormField label={t`名称`} error={errors.fullName} required>
        <Input {...register('fullName')} autoComplete="off" data-testid="data-fullName" />
      </FormField>
      <FormField label={t`编码`} error={errors.enCode} required>
        <Input {...register('enCode')} autoComplete="off" data-testid="data-enCode" />
      </FormField>
      <FormField label={t`排序`} error={errors.sortCode}>
        <Input {...register('sortCode')} type="number" inputMode="numeric" min={0} />
      </FormField>
      <FormField label={t`说明`} error={errors.description}>
        <Textarea {...register('description')} rows={2} />
      </FormField>
      <Controller control={control} name="enabledMark" render={({ field }) => <EnabledSwitch value={field.value} onChange={field.onChange} testId="form-enabled" label={t`启用`} />} />
    </FormDialog>
  );
}
