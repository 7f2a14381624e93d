import { Button, Field, Input, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { baseInfoUpdateSchema, type BaseInfo, type BaseInfoUpdate } from '@/contracts/auth';
import { translateContractMessage } from '@/lib/contract-messages';
import { queued } from '@/components/queued-feedback';
import { saveBaseInfo } from '../store';

export function BaseInfoForm({ info }: { info: BaseInfo }) {
  const { t } = useLingui();
  const { register, handleSubmit, formState } = useForm<BaseInfoUpdate>({
    resolver: zodResolver(baseInfoUpdateSchema),
    defaultValues: {
      realName: info.realName,
      gender: (info.gender as BaseInfoUpdate['gender']) ?? null,
      mobilePhone: info.mobilePhone ?? '',
      email: info.email ?? '',
      signature: info.signature ?? '',
    },
  });
  const err = (k: keyof BaseInfoUpdate) => translateContractMessage(formState.errors[k]?.message);
  const onSubmit = handleSubmit((body) => queued('save', () => saveBaseInfo(info, body)));
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="4" maxW="lg">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <Field.Root readOnly>
            <Field.Label>
              <Trans>账户</Trans>
            </Field.Label>
            <Input value={info.account} readOnly variant="subtle" />
          </Field.Root>
          <Field.Root invalid={!!err('realName')} required>
            <Field.Label>
              <Trans>姓名</Trans>
            </Field.Label>
            <Input {...register('realName')} />
            <Field.ErrorText>{err('realName')}</Field.ErrorText>
          </Field.Root>
          <Field.Root>
            <Field.Label>
              <Trans>性别</Trans>
            </Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field {...register('gender', { setValueAs: (v: string) => v || null })}>
                <option value="">{t`未设置`}</option>
                <option value="1">{t`男`}</option>
                <option value="2">{t`女`}</option>
                <option value="3">{t`保密`}</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root invalid={!!err('mobilePhone')}>
            <Field.Label>
              <Trans>手机号</Trans>
            </Field.Label>
            <Input {...register('mobilePhone')} inputMode="tel" />
            <Field.ErrorText>{err('mobilePhone')}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={!!err('email')}>
            <Field.Label>
              <Trans>邮箱</Trans>
            </Field.Label>
            <Input {...register('email')} inputMode="email" />
            <Field.ErrorText>{err('email')}</Field.ErrorText>
          </Field.Root>
        </SimpleGrid>
        <Field.Root invalid={!!err('signature')}>
          <Field.Label>
            <Trans>个性签名</Trans>
          </Field.Label>
          <Textarea {...register('signature')} rows={2} />
          <Field.ErrorText>{err('signature')}</Field.ErrorText>
        </Field.Root>
        <Text fontSize="sm" color="fg.muted">
          {[info.organizeName, info.departmentName, info.positionName, info.roleName].filter(Boolean).join(' · ')}
          {info.managerName ? ` · ${t`直属上级`}：${info.managerName}` : ''}
        </Text>
        <Button type="submit" colorPalette="brand" alignSelf="start" loading={formState.isSubmitting}>
          <Trans>保存</Trans>
        </Button>
      </Stack>
    </form>
  );
}
