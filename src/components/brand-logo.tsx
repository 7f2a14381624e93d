import { HStack, Image, Text } from '@chakra-ui/react';
import { PRODUCT_NAME } from '@/contracts/limits';

export function BrandLogo({ size = 8, color = 'inherit', showName = true }: { size?: number; color?: string; showName?: boolean }) {
  return (
    <HStack gap="2" color={color}>
      <Image src="/favicon.svg" alt="" boxSize={size} />
      {showName && (
        <Text fontWeight="bold" fontSize="lg" letterSpacing="wide">
          {PRODUCT_NAME}
        </Text>
      )}
    </HStack>
  );
}
