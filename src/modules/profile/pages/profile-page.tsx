import { useEffect, useRef, useState } from 'react';
import {
  Avatar,
  Badge,
  Box,
  Button,
  Card,
  Field,
  Heading,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Spinner,
  Stack,
  Tabs,
  Text,
  Textarea,
  Wrap,
} from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSnapshot } from 'valtio';
import { Upload } from 'lucide-react';
import { baseInfoUpdateSchema, layoutTypes, type AuthorizeSummary, type BaseInfo, type BaseInfoUpdate, type SubordinateEntry } from '@/contracts/auth';
import { IMAGE_ACCEPT } from '@/contracts/files';
import { AVATARS } from '@/contracts/limits';
import { rules } from '@/contracts/validation';
import { avatarUrl } from '@/lib/avatar';
import { translateContractMessage } from '@/lib/contract-messages';
import { network } from '@/lib/network';
import { notify } from '@/lib/notify';
import { checkImageUpload } from '@/lib/upload';
import { profileApi } from '@/modules/profile/api';
import { session } from '@/modules/auth/store';
import { LoginLogTable } from '../components/login-log-table';
import { saveAvatar, saveBaseInfo, useBaseInfo } from '../store';
import { changeLayout } from '@/modules/shell/preferences';
import { LanguageSelect, ThemeSwatches, useLayoutNames } from '@/modules/shell/components/preference-controls';
import { settings } from '@/modules/shell/settings';
import type { LayoutType } from '@/contracts/session';

function useLoad<T>(load: () => Promise<T>) {
  const [data, setData] = useState<T | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    load()
      .then((d) => live && setData(d))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [load]);
  return { data, failed, setData };
}

function NeedsNetwork() {
  return (
    <Text color="fg.muted">
      <Trans>此内容需要联网查看。</Trans>
    </Text>
  );
}

function BaseInfoForm({ info }: { info: BaseInfo }) {
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
  const online = useSnapshot(network).online;
  const onSubmit = handleSubmit(async (body) => {
    await saveBaseInfo(info, body);
    notify({ kind: 'success', title: online ? t`保存成功` : t`已保存在本机，联网后自动同步` });
  });
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

function AvatarUpload() {
  const { t } = useLingui();
  const snap = useSnapshot(session);
  const net = useSnapshot(network);
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const headIcon = snap.userInfo?.headIcon;

  async function upload(file: File) {
    setProblem(null);
    const rule = await checkImageUpload(file);
    if (rule) return setProblem(translateContractMessage(rule) ?? rule);
    setBusy(true);
    try {
      // Failures are toasted by the http client with the server's message (spec 8).
      const { name } = await profileApi.uploadAvatar(file, file.name);
      await saveAvatar(name);
      notify({ kind: 'success', title: t`头像已更新` });
    } catch {
      // already reported
    } finally {
      setBusy(false);
    }
  }

  return (
    <HStack gap="4" align="center" wrap="wrap">
      <Avatar.Root size="2xl">
        <Avatar.Fallback name={snap.userInfo?.userName} />
        {headIcon && <Avatar.Image src={avatarUrl(headIcon)} alt={t`当前头像`} />}
      </Avatar.Root>
      <Stack gap="1">
        <input
          ref={input}
          type="file"
          accept={IMAGE_ACCEPT}
          hidden
          data-testid="avatar-file"
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = '';
            if (file) void upload(file);
          }}
        />
        <Button
          variant="outline"
          alignSelf="start"
          loading={busy}
          disabled={!net.online}
          onClick={() => input.current?.click()}
          data-testid="avatar-upload"
        >
          <Upload size={16} />
          <Trans>上传头像</Trans>
        </Button>
        <Text fontSize="sm" color={problem ? 'fg.error' : 'fg.muted'} role={problem ? 'alert' : undefined}>
          {problem ?? (net.online ? t`支持jpg/png/jpeg格式，单个文件小于20M` : t`上传头像需要联网，请连接网络后再试`)}
        </Text>
      </Stack>
    </HStack>
  );
}

function AvatarPicker() {
  const { t } = useLingui();
  const snap = useSnapshot(session);
  const [busy, setBusy] = useState<string | null>(null);
  async function pick(name: string) {
    setBusy(name);
    try {
      await saveAvatar(name);
      notify({ kind: 'success', title: t`头像已更新` });
    } finally {
      setBusy(null);
    }
  }
  return (
    <Stack gap="5">
      <AvatarUpload />
      <Wrap gap="3">
        {AVATARS.map((name) => (
          <Box
            as="button"
            key={name}
            onClick={() => void pick(name)}
            rounded="full"
            p="1"
            borderWidth="2px"
            borderColor={snap.userInfo?.headIcon === name ? 'brand.solid' : 'transparent'}
            aria-label={t`选择头像 ${name}`}
            aria-pressed={snap.userInfo?.headIcon === name}
            opacity={busy && busy !== name ? 0.5 : 1}
          >
            <Avatar.Root size="xl">
              <Avatar.Image src={avatarUrl(name)} />
            </Avatar.Root>
          </Box>
        ))}
      </Wrap>
    </Stack>
  );
}

function PasswordForm() {
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

function Preferences() {
  const prefs = useSnapshot(settings);
  const layoutNames = useLayoutNames();
  return (
    <Stack gap="4" maxW="sm">
      <Field.Root>
        <Field.Label>
          <Trans>布局</Trans>
        </Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field value={prefs.layoutType} onChange={(e) => void changeLayout(e.target.value as LayoutType)} data-testid="pref-layout">
            {layoutTypes.map((l) => (
              <option key={l} value={l}>
                {layoutNames[l]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Field.Root>
        <Field.Label>
          <Trans>主题颜色</Trans>
        </Field.Label>
        <ThemeSwatches />
      </Field.Root>
      <Field.Root>
        <Field.Label>
          <Trans>语言</Trans>
        </Field.Label>
        <LanguageSelect testId="pref-language" />
      </Field.Root>
    </Stack>
  );
}

function Subordinates() {
  const { data, failed } = useLoad<SubordinateEntry[]>(profileApi.subordinates);
  if (failed) return <NeedsNetwork />;
  if (!data) return <Spinner color="brand.solid" />;
  if (!data.length)
    return (
      <Text color="fg.muted">
        <Trans>暂无下属</Trans>
      </Text>
    );
  return (
    <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="3">
      {data.map((s) => (
        <HStack key={s.id} p="3" borderWidth="1px" rounded="md" gap="3">
          <Avatar.Root size="sm">
            <Avatar.Fallback name={s.realName} />
            <Avatar.Image src={avatarUrl(s.headIcon)} />
          </Avatar.Root>
          <Box minW="0">
            <Text fontWeight="medium">
              {s.realName} <Text as="span" color="fg.muted" fontSize="sm">{s.account}</Text>
            </Text>
            <Text fontSize="sm" color="fg.muted" truncate>
              {s.departmentName} · {s.positionName}
            </Text>
          </Box>
        </HStack>
      ))}
    </SimpleGrid>
  );
}

function Authorizations() {
  const { data, failed } = useLoad<AuthorizeSummary>(profileApi.authorize);
  if (failed) return <NeedsNetwork />;
  if (!data) return <Spinner color="brand.solid" />;
  return (
    <Stack gap="4">
      <Box>
        <Heading size="sm" mb="2">
          <Trans>角色</Trans>
        </Heading>
        <Wrap>
          {data.roles.map((r) => (
            <Badge key={r.id} colorPalette="brand" size="lg">
              {r.fullName}
            </Badge>
          ))}
        </Wrap>
      </Box>
      <Box>
        <Heading size="sm" mb="2">
          <Trans>可访问的菜单</Trans>
        </Heading>
        <Wrap>
          {data.modules.map((m) => (
            <Badge key={m.id} variant="outline">
              {m.fullName}
            </Badge>
          ))}
        </Wrap>
      </Box>
    </Stack>
  );
}

export function ProfilePage() {
  const { info, offline } = useBaseInfo();
  // No local copy yet: wait for the server, or say that it needs the network.
  const failed = info === null && offline;
  return (
    <Card.Root>
      <Card.Body>
        <Tabs.Root defaultValue="base" variant="line" lazyMount>
          <Tabs.List overflowX="auto" overflowY="hidden">
            <Tabs.Trigger flexShrink={0} whiteSpace="nowrap" value="base">
              <Trans>基本信息</Trans>
            </Tabs.Trigger>
            <Tabs.Trigger flexShrink={0} whiteSpace="nowrap" value="avatar">
              <Trans>头像</Trans>
            </Tabs.Trigger>
            <Tabs.Trigger flexShrink={0} whiteSpace="nowrap" value="password">
              <Trans>修改密码</Trans>
            </Tabs.Trigger>
            <Tabs.Trigger flexShrink={0} whiteSpace="nowrap" value="prefs">
              <Trans>偏好设置</Trans>
            </Tabs.Trigger>
            <Tabs.Trigger flexShrink={0} whiteSpace="nowrap" value="log">
              <Trans>登录日志</Trans>
            </Tabs.Trigger>
            <Tabs.Trigger flexShrink={0} whiteSpace="nowrap" value="subordinates">
              <Trans>我的下属</Trans>
            </Tabs.Trigger>
            <Tabs.Trigger flexShrink={0} whiteSpace="nowrap" value="authorize">
              <Trans>我的权限</Trans>
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="base">{info ? <BaseInfoForm key={info.version} info={info} /> : failed ? <NeedsNetwork /> : <Spinner color="brand.solid" />}</Tabs.Content>
          <Tabs.Content value="avatar">
            <AvatarPicker />
          </Tabs.Content>
          <Tabs.Content value="password">
            <PasswordForm />
          </Tabs.Content>
          <Tabs.Content value="prefs">
            <Preferences />
          </Tabs.Content>
          <Tabs.Content value="log">
            <LoginLogTable />
          </Tabs.Content>
          <Tabs.Content value="subordinates">
            <Subordinates />
          </Tabs.Content>
          <Tabs.Content value="authorize">
            <Authorizations />
          </Tabs.Content>
        </Tabs.Root>
      </Card.Body>
    </Card.Root>
  );
}
