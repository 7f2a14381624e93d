import { Button, Field, Input, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import { rules } from '@/contracts/validation';
import { translateContractMessage } from '@/lib/contract-messages';
import { notify } from '@/lib/notify';
import { profileApi } from '../api';

export function PasswordForm() {
  const { t } = useLingui();
  const { register, handleSubmit, formState, setError, reset } = useForm<{ oldPassword: string; password: string; confirm: string }>();
  const onSubmit = handleSubmit(async (v) => {
    if (!v.oldPassword) return setError('oldPassword', { message: t`请输入原密码` });
    if (!rules.password.pattern.test(v.password)) return setError('password', { message: translateContractMessage(rules.password.message) });
    if (v.password !== v.confirm) return setError('confirm', { message: t`两次输入的密码不一致` });
    await profileApi.modifyPassword(v.oldPassword, v.password);
    reset();
    notify({ kind: 'success', title: t`密码已修改，其他设备需要重新登录` });
  });
  const e = formState.errors;
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="4" maxW="sm">
        <Field.Root invalid={!!e.oldPassword} required>
          <Field.Label>
            <Trans>原密码</Trans>
          </Field.Label>
          <Input type="password" autoComplete="current-password" {...register('oldPassword')} />
          <Field.ErrorText>{e.oldPassword?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!e.password} required>
          <Field.Label>
            <Trans>新密码</Trans>
          </Field.Label>
          <Input type="password" autoComplete="new-password" {...register('password')} />
          <Field.HelperText>{translateContractMessage(rules.password.message)}</Field.HelperText>
          <Field.ErrorText>{e.password?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!e.confirm} required>
          <Field.Label>
            <Trans>确认新密码</Trans>
          </Field.Label>
          <Input type="password" autoComplete="new-password" {...register('confirm')} />
          <Field.ErrorText>{e.confirm?.message}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" colorPalette="brand" alignSelf="start" loading={formState.isSubmitting}>
          <Trans>修改密码</Trans>
        </Button>
      </Stack>
    </form>
  );
}
