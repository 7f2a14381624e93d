import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { applyUpdate, pwa } from '@/lib/pwa';

export function UpdatePrompt() {
  const snap = useSnapshot(pwa);
  if (!snap.updateAvailable) return null;
  return (
    <Box position="fixed" bottom="4" left="50%" transform="translateX(-50%)" zIndex="toast" bg="gray.900" color="white" px="4" py="3" rounded="md" shadow="lg" role="status">
      <HStack gap="4">
        <Text fontSize="sm">
          <Trans>云眠有新版本可用</Trans>
        </Text>
        <Button size="xs" colorPalette="brand" onClick={applyUpdate}>
          <Trans>立即更新</Trans>
        </Button>
        <Button size="xs" variant="ghost" color="white" onClick={() => (pwa.updateAvailable = false)}>
          <Trans>稍后</Trans>
        </Button>
      </HStack>
    </Box>
  );
}
