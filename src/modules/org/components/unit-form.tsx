import { Input, SimpleGrid, Textarea } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormDialog } from '@/components/form-dialog';
import { EnabledSwitch, FormField } from '@/components/form-field';
import { queued } from '@/components/queued-feedback';
import type { OrganizeRow } from '@/contracts/org';
import { companyFormSchema, departmentFormSchema, type CompanyFormInput, type CompanyFormOutput } from '../forms';
import { ROOT_PARENT } from '../model';
import { saveCompany, saveDepartment } from '../store';
import { CompanySelect, DepartmentSelect, UserSelect } from './pickers';

const companyResolver = zodResolver(companyFormSchema) as Resolver<CompanyFormInput, unknown, CompanyFormOutput>;
/** A department's parent is required; otherwise the same fields (the output is a company's with a parent). */
const departmentResolver = zodResolver(departmentFormSchema) as unknown as Resolver<CompanyFormInput, unknown, CompanyFormOutput>;

export interface UnitFormProps {
  category: OrganizeRow['category'];
  /** The row edited; null for a new one. */
  row: OrganizeRow | null;
  /** A department's company (its departments are offered as parents). */
  companyId?: string | null;
  /** Where a new row goes (a new department under the company, or under a chosen department). */
  parentId?: string | null;
  onClose(): void;
}

function defaults(row: OrganizeRow | null, parentId: string | null | undefined): CompanyFormInput {
  if (!row) return { parentId: parentId ?? null, fullName: '', enCode: '', managerId: null, description: '', sortCode: 0, enabledMark: 1 };
  return {
    parentId: row.parentId === ROOT_PARENT ? null : row.parentId,
    fullName: row.fullName,
    enCode: row.enCode,
    managerId: row.managerId,
    description: row.description ?? '',
    sortCode: row.sortCode,
    enabledMark: row.enabledMark,
  };
}

/** The form of a company or a department (the shared schema validates it; saving goes through the queue). */
export function UnitFormDialog({ category, row, companyId, parentId, onClose }: UnitFormProps) {
  const { t } = useLingui();
  const isCompany = category === 'company';
  const { register, control, handleSubmit, formState } = useForm<CompanyFormInput, unknown, CompanyFormOutput>({
    resolver: isCompany ? companyResolver : departmentResolver,
    defaultValues: defaults(row, parentId ?? (isCompany ? null : companyId)),
  });
  const errors = formState.errors;
  const submit = handleSubmit(async (values) => {
    const ok = await queued('save', () => (isCompany ? saveCompany(values, row) : saveDepartment({ ...values, parentId: values.parentId ?? '' }, row)));
    if (ok) onClose();
  });
  const title = isCompany ? (row ? t`编辑公司` : t`新建公司`) : row ? t`编辑部门` : t`新建部门`;

  return (
    <FormDialog title={title} onClose={onClose} onSubmit={submit} submitting={formState.isSubmitting} offlineNote size="lg" testId="org-unit-form">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {isCompany ? (
          <FormField label={<Trans>上级公司</Trans>} error={errors.parentId?.message}>
            <Controller
              control={control}
              name="parentId"
              render={({ field }) => <CompanySelect value={field.value ?? null} onChange={(v) => field.onChange(v)} exclude={row?.id} placeholder={t`无（顶级公司）`} />}
            />
          </FormField>
        ) : (
          <FormField label={<Trans>上级</Trans>} required error={errors.parentId ? t`请选择上级公司或部门` : undefined}>
            <Controller
              control={control}
              name="parentId"
              render={({ field }) => (
                <DepartmentSelect
                  value={field.value ?? null}
                  onChange={(v) => field.onChange(v)}
                  companyId={companyId ?? null}
                  types={['company', 'department']}
                  exclude={row?.id}
                  invalid={!!errors.parentId}
                  placeholder={t`请选择上级公司或部门`}
                />
              )}
            />
          </FormField>
        )}
        <FormField label={<Trans>名称</Trans>} required error={errors.fullName?.message}>
          <Input {...register('fullName')} data-testid="org-unit-fullName" />
        </FormField>
        <FormField label={<Trans>编码</Trans>} required error={errors.enCode?.message}>
          <Input {...register('enCode')} data-testid="org-unit-enCode" />
        </FormField>
        <FormField label={<Trans>负责人</Trans>} error={errors.managerId?.message}>
          <Controller
            control={control}
            name="managerId"
            render={({ field }) => <UserSelect value={field.value ?? null} onChange={(v) => field.onChange(v)} />}
          />
        </FormField>
        <FormField label={<Trans>排序</Trans>} error={errors.sortCode?.message}>
          <Input type="number" inputMode="numeric" {...register('sortCode')} />
        </FormField>
        <FormField label={<Trans>状态</Trans>}>
          <Controller control={control} name="enabledMark" render={({ field }) => <EnabledSwitch value={field.value} onChange={field.onChange} />} />
        </FormField>
      </SimpleGrid>
      <FormField label={<Trans>说明</Trans>} error={errors.description?.message}>
        <Textarea rows={2} {...register('description')} />
      </FormField>
    </FormDialog>
  );
}
