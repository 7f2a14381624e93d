import { useState } from 'react';
import { Alert, Input } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSnapshot } from 'valtio';
import { FormDialog } from '@/components/form-dialog';
import { FormField } from '@/components/form-field';
import { resetPasswordSchema, type ResetPasswordBody, type UserRow } from '@/contracts/org';
import { rules } from '@/contracts/validation';
import { translateContractMessage } from '@/lib/contract-messages';
import { ApiError } from '@/lib/errors';
import { network } from '@/lib/network';
import { notify } from '@/lib/notify';
import { resetUserPassword } from '../store';

const resolver = zodResolver(resetPasswordSchema) as Resolver<ResetPasswordBody>;

/**
 * Sets a user's new password. Online only: the typed password is sent at once and never waits on
 * the device (the sync queue keeps its writes in the local database).
 */
export function ResetPasswordDialog({ row, onClose }: { row: UserRow; onClose(): void }) {
  const { t } = useLingui();
  const online = useSnapshot(network).online;
  const [problem, setProblem] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<ResetPasswordBody>({ resolver, defaultValues: { userPassword: '' } });
  const submit = handleSubmit(async ({ userPassword }) => {
    setProblem(null);
    if (!network.online) return setProblem(t`重置密码需要联网，请连接网络后再试`);
    try {
      await resetUserPassword(row, userPassword);
      notify({ kind: 'success', title: t`重置密码成功` });
      onClose();
    } catch (e) {
      setProblem(e instanceof ApiError ? e.message : t`重置密码需要联网，请连接网络后再试`);
    }
  });
  const name = row.realName || row.account;

  return (
    <FormDialog title={t`重置「${name}」的密码`} onClose={onClose} onSubmit={submit} submitting={formState.isSubmitting} submitDisabled={!online} size="lg" testId="org-reset-password">
      {!online ? (
        <Alert.Root status="warning" size="sm">
          <Alert.Indicator />
          <Alert.Title fontWeight="normal">
            <Trans>当前离线：重置密码不会保存在本机等待同步，请联网后再操作。</Trans>
          </Alert.Title>
        </Alert.Root>
      ) : null}
      <FormField label={<Trans>新密码</Trans>} required error={formState.errors.userPassword?.message} helper={translateContractMessage(rules.password.message)}>
        <Input type="password" autoComplete="new-password" {...register('userPassword')} data-testid="org-reset-password-input" />
      </FormField>
      {problem ? (
        <Alert.Root status="error" size="sm" role="alert">
          <Alert.Indicator />
          <Alert.Title fontWeight="normal">{problem}</Alert.Title>
        </Alert.Root>
      ) : null}
    </FormDialog>
  );
}
