import { useEffect, useState } from 'react';
import { Avatar, Badge, Box, Field, Heading, HStack, NativeSelect, SimpleGrid, Spinner, Stack, Text, Wrap } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { layoutTypes, type AuthorizeSummary, type SubordinateEntry } from '@/contracts/auth';
import { avatarUrl } from '@/lib/avatar';
import { profileApi } from '../api';
import { changeLayout, LanguageSelect, settings, ThemeSwatches, useLayoutNames } from '@/modules/shell/public';
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

export function NeedsNetwork() {
  return (
    <Text color="fg.muted">
      <Trans>此内容需要联网查看。</Trans>
    </Text>
  );
}

export function Preferences() {
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

export function Subordinates() {
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

export function Authorizations() {
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
