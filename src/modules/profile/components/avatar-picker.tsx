import { useRef, useState } from 'react';
import { Avatar, Box, Button, HStack, Stack, Text, Wrap } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { Upload } from 'lucide-react';
import { IMAGE_ACCEPT } from '@/contracts/files';
import { AVATARS } from '@/contracts/limits';
import { avatarUrl } from '@/lib/avatar';
import { translateContractMessage } from '@/lib/contract-messages';
import { network } from '@/lib/network';
import { notify } from '@/lib/notify';
import { checkImageUpload } from '@/lib/upload';
import { profileApi } from '../api';
import { session } from '@/modules/auth/public';
import { saveAvatar } from '../store';

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

export function AvatarPicker() {
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
