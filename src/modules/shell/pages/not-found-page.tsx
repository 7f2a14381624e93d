import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';

export function NotFoundPage() {
  return (
    <Center minH="70dvh" p="6">
      <Stack align="center" gap="3" textAlign="center">
        <Heading size="4xl" color="brand.solid">
          404
        </Heading>
        <Text fontSize="lg">
          <Trans>页面不存在</Trans>
        </Text>
        <Text color="fg.muted">
          <Trans>您访问的页面不存在或您没有权限访问。</Trans>
        </Text>
        <Button asChild colorPalette="brand">
          <Link to="/">
            <Trans>返回首页</Trans>
          </Link>
        </Button>
      </Stack>
    </Center>
  );
}
