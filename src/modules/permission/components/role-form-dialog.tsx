import { useEffect, useRef, useState } from 'react';
import { Input, NativeSelect, SimpleGrid, Textarea } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSnapshot } from 'valtio';
import type { z } from 'zod';
import { FormDialog } from '@/components/form-dialog';
import { EnabledSwitch, FormField } from '@/components/form-field';
import { DATA_SCOPES, roleBodySchema, type RoleRow } from '@/contracts/org';
import { rules } from '@/contracts/validation';
import { translateContractMessage } from '@/lib/contract-messages';
import { network } from '@/lib/network';
import { queued } from '@/components/queued-feedback';
import { DATA_SCOPE_LABELS } from '../labels';
import { BUILT_IN_ROLE, createRole, fetchRole, updateRole } from '../store';

type FormIn = z.input<typeof roleBodySchema>;
type FormOut = z.output<typeof roleBodySchema>;

function defaults(row: RoleRow | null): FormIn {
  if (!row) return { fullName: '', enCode: '', dataScope: 'all', description: '', sortCode: 0, enabledMark: 1 };
  return { fullName: row.fullName, enCode: row.enCode, dataScope: row.dataScope, description: row.description ?? '', sortCode: row.sortCode, enabledMark: row.enabledMark };
}

export interface RoleFormDialogProps {
  /** The role edited; null for a new one. */
  row: RoleRow | null;
  /** The row has a write still waiting for the server (its shown copy is the local one). */
  pending?: boolean;
  onClose(): void;
}

/**
 * New or edited role, validated with the shared roleBodySchema (its messages as they are). Saving
 * goes through the sync queue: offline it is kept on this device and sent when the connection returns.
 */
export function RoleFormDialog({ row, pending = false, onClose }: RoleFormDialogProps) {
  const { i18n } = useLingui();
  const online = useSnapshot(network).online;
  const [base, setBase] = useState<RoleRow | null>(row);
  const builtIn = base?.enCode === BUILT_IN_ROLE;
  const { register, control, handleSubmit, formState, reset } = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(roleBodySchema),
    defaultValues: defaults(row),
  });
  const err = (k: keyof FormIn) => formState.errors[k]?.message;

  // Edit: take the server's newer copy (its version) while the user has not typed anything yet.
  const dirty = useRef(false);
  dirty.current = formState.isDirty;
  useEffect(() => {
    if (!row || pending || !online) return;
    let live = true;
    void fetchRole(row.id).then((fresh) => {
      if (!live || !fresh || fresh.version <= row.version) return;
      setBase(fresh);
      if (!dirty.current) reset(defaults(fresh));
    });
    return () => {
      live = false;
    };
    // Once per opened row.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [row?.id]);

  const submit = handleSubmit(async (values) => {
    const { id: _id, ...body } = values;
    if (await queued('save', () => (base ? updateRole(base, body) : createRole(body)))) onClose();
  });

  return (
    <FormDialog title={row ? <Trans>编辑角色</Trans> : <Trans>新建角色</Trans>} onClose={onClose} onSubmit={submit} submitting={formState.isSubmitting} offlineNote size="lg" testId="role-form">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <FormField label={<Trans>角色名称</Trans>} required error={err('fullName')}>
          <Input {...register('fullName')} autoComplete="off" data-testid="role-fullName" />
        </FormField>
        <FormField
          label={<Trans>角色编码</Trans>}
          required
          error={err('enCode')}
          helper={builtIn ? <Trans>系统内置角色的编码不能修改</Trans> : translateContractMessage(rules.code.message)}
        >
          <Input {...register('enCode')} autoComplete="off" readOnly={builtIn} data-testid="role-enCode" />
        </FormField>
        <FormField label={<Trans>数据范围</Trans>} error={err('dataScope')}>
          <NativeSelect.Root>
            <NativeSelect.Field {...register('dataScope')} data-testid="role-dataScope">
              {DATA_SCOPES.map((s) => (
                <option key={s} value={s}>
                  {i18n._(DATA_SCOPE_LABELS[s])}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField label={<Trans>排序</Trans>} error={err('sortCode')}>
          <Input {...register('sortCode')} type="number" inputMode="numeric" min={0} step={1} data-testid="role-sortCode" />
        </FormField>
      </SimpleGrid>
      <FormField label={<Trans>说明</Trans>} error={err('description')}>
        <Textarea {...register('description')} rows={3} data-testid="role-description" />
      </FormField>
      <Controller
        control={control}
        name="enabledMark"
        render={({ field }) => (
          <EnabledSwitch value={field.value} onChange={field.onChange} onBlur={field.onBlur} disabled={builtIn} label={<Trans>启用</Trans>} testId="role-enabledMark" />
        )}
      />
    </FormDialog>
  );
}
