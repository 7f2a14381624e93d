import { useEffect, useState } from 'react';
import { Box, Center, Spinner } from '@chakra-ui/react';

/** A QR code of `text` (the qrcode library loads on first use), drawn as an SVG image. */
export function QrCode({ text, size = 160, label, testId }: { text: string; size?: number; label: string; testId?: string }) {
  const [drawn, setDrawn] = useState<{ text: string; src: string } | null>(null);
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then(({ default: qr }) => qr.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then(
        (svg) => live && setDrawn({ text, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` }),
        () => live && setDrawn(null),
      );
    return () => {
      live = false;
    };
  }, [text]);
  return (
    <Box w={`${size}px`} h={`${size}px`} borderWidth="1px" rounded="md" bg="white" p="1" flexShrink={0}>
      {drawn?.text === text ? (
        <img src={drawn.src} alt={label} width={size - 10} height={size - 10} data-testid={testId} data-text={text} style={{ width: '100%', height: '100%' }} />
      ) : (
        <Center h="full">
          <Spinner size="sm" />
        </Center>
      )}
    </Box>
  );
}
