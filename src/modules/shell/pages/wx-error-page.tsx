import { Center, Heading, Stack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { BrandLogo } from '@/components/brand-logo';

/** Shown inside a chat messenger's in-app browser (spec 2.3). */
export function WxErrorPage() {
  return (
    <Center minH="100dvh" p="6">
      <Stack align="center" gap="4" textAlign="center" maxW="sm">
        <BrandLogo size={10} />
        <Heading size="md">
          <Trans>请在浏览器中打开</Trans>
        </Heading>
        <Text color="fg.muted">
          <Trans>云眠不支持在聊天软件内置的浏览器中使用。请点击右上角的“···”，选择“在浏览器打开”。</Trans>
        </Text>
      </Stack>
    </Center>
  );
}
