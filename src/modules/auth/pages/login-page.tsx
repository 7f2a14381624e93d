import { useState, type ComponentProps, type FormEvent } from 'react';
import { Box, Button, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { BrandLogo } from '@/components/brand-logo';
import { OfflineNote } from '@/components/offline-note';
import { reportError } from '../components/report-error';
import { login } from '../store';

/** A labelled input with its error (plain elements: the sign-in page stays light). */
function LabeledInput({ id, label, error, input }: { id: string; label: string; error?: string; input: ComponentProps<typeof Input> }) {
  return (
    <Stack gap="1.5">
      <Text as="label" fontSize="sm" fontWeight="medium" {...{ htmlFor: id }}>
        {label}
      </Text>
      <Input id={id} aria-invalid={!!error} aria-describedby={error ? `${id}-error` : undefined} {...input} />
      {error && (
        <Text id={`${id}-error`} fontSize="xs" color="fg.error">
          {error}
        </Text>
      )}
    </Stack>
  );
}

export function LoginPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const search = useSearch({ from: '/login' });
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ account?: string; password?: string }>({});
  const [busy, setBusy] = useState(false);
  const [tab, setTab] = useState<'account' | 'scan' | 'code'>('account');

  async function submit(e: FormEvent) {
    e.preventDefault();
    const next = {
      account: account.trim() ? undefined : t`请输入账户`,
      password: password ? undefined : t`请输入密码`,
    };
    setErrors(next);
    if (next.account || next.password) return;
    setBusy(true);
    try {
      await login(account, password);
      const target = search.redirect && search.redirect.startsWith('/') ? search.redirect : '/';
      await navigate({ to: target, replace: true });
    } catch (err) {
      reportError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box minH="100dvh" display="flex" alignItems="center" justifyContent="center" p="4" bgGradient="to-br" gradientFrom="brand.50" gradientTo="blue.100">
      <Box w="full" maxW="400px" bg="bg" rounded="xl" shadow="lg" p={{ base: '6', md: '8' }}>
        <Stack gap="1" mb="6" align="center">
          <BrandLogo size={10} />
          <Heading size="md" fontWeight="normal" color="fg.muted">
            <Trans>门店员工平台</Trans>
          </Heading>
        </Stack>
        <OfflineNote where="login" />
        <HStack role="tablist" gap="0" borderBottomWidth="1px" mb="4">
          {(
            [
              ['account', t`账户登录`],
              ['scan', t`扫码登录`],
              ['code', t`验证码登录`],
            ] as const
          ).map(([key, label]) => (
            <Box
              as="button"
              role="tab"
              key={key}
              aria-selected={tab === key}
              onClick={() => setTab(key)}
              flex="1"
              py="2"
              fontSize="sm"
              borderBottomWidth="2px"
              mb="-1px"
              borderColor={tab === key ? 'brand.solid' : 'transparent'}
              color={tab === key ? 'brand.fg' : 'fg.muted'}
              fontWeight={tab === key ? 'medium' : 'normal'}
            >
              {label}
            </Box>
          ))}
        </HStack>
        {tab === 'account' && (
          <form onSubmit={submit} noValidate>
            <Stack gap="4" pt="2">
              <LabeledInput
                id="login-account"
                label={t`账户`}
                error={errors.account}
                input={{ name: 'account', autoComplete: 'username', value: account, onChange: (e) => setAccount(e.target.value), placeholder: t`请输入账户` }}
              />
              <LabeledInput
                id="login-password"
                label={t`密码`}
                error={errors.password}
                input={{ name: 'password', type: 'password', autoComplete: 'current-password', value: password, onChange: (e) => setPassword(e.target.value), placeholder: t`请输入密码` }}
              />
              <Button type="submit" colorPalette="brand" loading={busy} size="lg">
                <Trans>登录</Trans>
              </Button>
            </Stack>
          </form>
        )}
        {tab === 'scan' && (
          <Text color="fg.muted" py="8" textAlign="center">
            <Trans>扫码登录尚未开通，请使用账户登录。</Trans>
          </Text>
        )}
        {tab === 'code' && (
          <Text color="fg.muted" py="8" textAlign="center">
            <Trans>验证码登录尚未开通，请使用账户登录。</Trans>
          </Text>
        )}
      </Box>
    </Box>
  );
}
