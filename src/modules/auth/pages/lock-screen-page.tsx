import { useEffect, useState, type FormEvent } from 'react';
import { Avatar, Box, Button, Field, Input, Link, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import dayjs from 'dayjs';
import { confirm } from '@/components/confirm';
import { reportError } from '../components/report-error';
import { logout, session, unlock } from '../store';
import { avatarUrl } from '@/lib/avatar';

function Clock() {
  const [now, setNow] = useState(() => dayjs());
  useEffect(() => {
    const id = setInterval(() => setNow(dayjs()), 1000);
    return () => clearInterval(id);
  }, []);
  return (
    <Stack gap="0" align="center" color="white">
      <Text fontSize={{ base: '5xl', md: '7xl' }} fontWeight="light" lineHeight="1">
        {now.format('HH:mm')}
      </Text>
      <Text opacity={0.8}>{now.format('YYYY-MM-DD')}</Text>
    </Stack>
  );
}

export function LockScreenPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const snap = useSnapshot(session);
  const [account, setAccount] = useState(snap.userInfo?.userAccount ?? '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!account && snap.userInfo?.userAccount) setAccount(snap.userInfo.userAccount);
  }, [snap.userInfo, account]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!account.trim() || !password) {
      setError(t`请输入账户和密码`);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await unlock(account, password);
      await navigate({ to: '/', replace: true });
    } catch (err) {
      reportError(err);
    } finally {
      setBusy(false);
    }
  }

  async function backToLogin() {
    if (!(await confirm(t`提示`, t`您确定要退出应用程序吗?`))) return;
    await logout();
    await navigate({ to: '/login', replace: true });
  }

  return (
    <Box minH="100dvh" bgGradient="to-b" gradientFrom="gray.900" gradientTo="brand.900" display="flex" alignItems="center" justifyContent="center" p="4">
      <Stack gap="8" align="center" w="full" maxW="340px">
        <Clock />
        <Avatar.Root size="2xl">
          <Avatar.Fallback name={snap.userInfo?.userName} />
          {snap.userInfo?.headIcon && <Avatar.Image src={avatarUrl(snap.userInfo.headIcon)} />}
        </Avatar.Root>
        <Text color="white" fontSize="lg">
          {snap.userInfo?.userName ?? <Trans>屏幕已锁定</Trans>}
        </Text>
        <form onSubmit={submit} style={{ width: '100%' }} noValidate>
          <Stack gap="3" bg="bg" p="5" rounded="lg">
            <Field.Root>
              <Field.Label>
                <Trans>账户</Trans>
              </Field.Label>
              <Input name="account" autoComplete="username" value={account} onChange={(e) => setAccount(e.target.value)} />
            </Field.Root>
            <Field.Root invalid={!!error}>
              <Field.Label>
                <Trans>密码</Trans>
              </Field.Label>
              <Input name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} autoFocus />
              <Field.ErrorText>{error}</Field.ErrorText>
            </Field.Root>
            <Button type="submit" colorPalette="brand" loading={busy}>
              <Trans>解锁</Trans>
            </Button>
            <Link as="button" fontSize="sm" color="fg.muted" onClick={backToLogin} alignSelf="center">
              <Trans>退出并重新登录</Trans>
            </Link>
          </Stack>
        </form>
      </Stack>
    </Box>
  );
}
