import { useEffect, useMemo } from 'react';
import { Input, NativeSelect, SimpleGrid, Textarea } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import dayjs from 'dayjs';
import { FormDialog } from '@/components/form-dialog';
import { FormField } from '@/components/form-field';
import { MultiSelect } from '@/components/multi-select';
import { queued } from '@/components/queued-feedback';
import type { UserRow } from '@/contracts/org';
import { rules } from '@/contracts/validation';
import { translateContractMessage } from '@/lib/contract-messages';
import { network } from '@/lib/network';
import { rolesData, useRoles } from '../data';
import { userCreateFormSchema, userEditFormSchema, type UserFormInput, type UserFormOutput } from '../forms';
import { userValuesOf } from '../pending-rows';
import { saveUser } from '../store';
import { CompanySelect, DepartmentSelect, PositionSelect } from './pickers';

const createResolver = zodResolver(userCreateFormSchema) as Resolver<UserFormInput, unknown, UserFormOutput>;
const editResolver = zodResolver(userEditFormSchema) as unknown as Resolver<UserFormInput, unknown, UserFormOutput>;

/** Where a new user starts: the company (and department) chosen in the page's filter. */
export interface UserPlacement {
  organizeId: string | null;
  departmentId: string | null;
}

function defaults(row: UserRow | null, start: UserPlacement): UserFormInput {
  if (row) {
    const v = userValuesOf(row);
    return { ...v, gender: (v.gender as UserFormInput['gender']) ?? null, password: '' };
  }
  return {
    account: '',
    realName: '',
    gender: null,
    mobilePhone: '',
    email: '',
    organizeId: start.organizeId ?? '',
    departmentId: start.departmentId,
    positionId: null,
    managerId: null,
    roleIds: [],
    entryDate: null,
    description: '',
    sortCode: 0,
    enabledMark: 1,
    password: '',
  };
}

/** The roles a user holds, chosen among the cached enabled roles: searchable, the chosen ones as removable chips. */
function RoleSelect({ value, onChange, invalid }: { value: string[]; onChange(ids: string[]): void; invalid?: boolean }) {
  const { t } = useLingui();
  const roles = useRoles().data;
  // Roles are written on the role page (the permission module), which does not patch this copy, and
  // the cache warm-up may have fetched it moments before: asked again when the form opens (304 when unchanged).
  useEffect(() => {
    if (network.online) void rolesData.refresh({ force: true }).catch(() => undefined);
  }, []);
  const items = useMemo(() => roles?.map((r) => ({ label: r.fullName, value: r.id })), [roles]);
  return (
    <MultiSelect
      items={items}
      value={value}
      onChange={onChange}
      placeholder={t`请选择角色`}
      emptyText={t`没有匹配的角色`}
      chosenLabel={t`已选角色`}
      invalid={invalid}
      testId="org-user-roles"
    />
  );
}

/**
 * The form of a user (the shared schema validates it). A new user also gets its first password
 * (spec 5.1 rule). Company, then a department of that company, then a position of that department.
 */
export function UserFormDialog({ row, start, onClose }: { row: UserRow | null; start: UserPlacement; onClose(): void }) {
  const { t } = useLingui();
  const { register, control, handleSubmit, formState, setValue } = useForm<UserFormInput, unknown, UserFormOutput>({
    resolver: row ? editResolver : createResolver,
    defaultValues: defaults(row, start),
  });
  const errors = formState.errors;
  const [companyId, departmentId] = useWatch({ control, name: ['organizeId', 'departmentId'] });
  const submit = handleSubmit(async (values) => {
    if (await queued('save', () => saveUser(values, row))) onClose();
  });

  return (
    <FormDialog title={row ? t`编辑用户` : t`新建用户`} onClose={onClose} onSubmit={submit} submitting={formState.isSubmitting} offlineNote size="lg" testId="org-user-form">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <FormField label={<Trans>账户</Trans>} required error={errors.account?.message}>
          <Input {...register('account')} autoComplete="off" data-testid="org-user-account" />
        </FormField>
        <FormField label={<Trans>姓名</Trans>} required error={errors.realName?.message}>
          <Input {...register('realName')} data-testid="org-user-realName" />
        </FormField>
        <FormField label={<Trans>性别</Trans>} error={errors.gender?.message}>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field {...register('gender', { setValueAs: (v: string | null) => v || null })}>
              <option value="">{t`未设置`}</option>
              <option value="1">{t`男`}</option>
              <option value="2">{t`女`}</option>
              <option value="3">{t`保密`}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField label={<Trans>手机号</Trans>} error={errors.mobilePhone?.message}>
          <Input {...register('mobilePhone')} inputMode="tel" data-testid="org-user-mobilePhone" />
        </FormField>
        <FormField label={<Trans>邮箱</Trans>} error={errors.email?.message}>
          <Input {...register('email')} inputMode="email" data-testid="org-user-email" />
        </FormField>
        <FormField label={<Trans>入职日期</Trans>} error={errors.entryDate?.message}>
          <Controller
            control={control}
            name="entryDate"
            render={({ field }) => (
              <Input
                type="date"
                value={field.value ? dayjs(field.value).format('YYYY-MM-DD') : ''}
                onChange={(e) => field.onChange(e.target.value ? dayjs(e.target.value).format() : null)}
                onBlur={field.onBlur}
              />
            )}
          />
        </FormField>
        <FormField label={<Trans>所属公司</Trans>} required error={errors.organizeId ? t`请选择所属公司` : undefined}>
          <Controller
            control={control}
            name="organizeId"
            render={({ field }) => (
              <CompanySelect
                value={field.value || null}
                invalid={!!errors.organizeId}
                onChange={(v) => {
                  field.onChange(v ?? '');
                  setValue('departmentId', null);
                  setValue('positionId', null);
                }}
              />
            )}
          />
        </FormField>
        <FormField label={<Trans>所属部门</Trans>} error={errors.departmentId ? t`请选择所属部门` : undefined}>
          <Controller
            control={control}
            name="departmentId"
            render={({ field }) => (
              <DepartmentSelect
                value={field.value ?? null}
                companyId={companyId || null}
                disabled={!companyId}
                placeholder={companyId ? t`请选择部门` : t`请先选择公司`}
                onChange={(v) => {
                  field.onChange(v);
                  setValue('positionId', null);
                }}
              />
            )}
          />
        </FormField>
        <FormField label={<Trans>岗位</Trans>} error={errors.positionId ? t`请选择岗位` : undefined}>
          <Controller
            control={control}
            name="positionId"
            render={({ field }) => (
              <PositionSelect
                value={field.value ?? null}
                organizeId={departmentId || companyId || null}
                disabled={!companyId}
                onChange={(v) => field.onChange(v)}
              />
            )}
          />
        </FormField>
        <FormField label={<Trans>角色</Trans>} error={errors.roleIds?.message}>
          <Controller control={control} name="roleIds" render={({ field }) => <RoleSelect value={field.value ?? []} onChange={field.onChange} invalid={!!errors.roleIds} />} />
        </FormField>
        {row ? null : (
          <FormField label={<Trans>密码</Trans>} required error={errors.password?.message} helper={translateContractMessage(rules.password.message)}>
            <Input type="password" autoComplete="new-password" {...register('password')} data-testid="org-user-password" />
          </FormField>
        )}
      </SimpleGrid>
      <FormField label={<Trans>说明</Trans>} error={errors.description?.message}>
        <Textarea rows={2} {...register('description')} />
      </FormField>
    </FormDialog>
  );
}
