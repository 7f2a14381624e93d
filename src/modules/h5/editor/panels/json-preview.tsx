import { Box, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';

/** The most characters a preview shows (a CSV of 5,000 rows would be megabytes of text). */
const PREVIEW_MAX = 20_000;

function previewText(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > PREVIEW_MAX ? `${text.slice(0, PREVIEW_MAX)}\n…` : text;
}

/** Data shown read-only as indented JSON, cut at PREVIEW_MAX characters. */
export function JsonPreview({ label, value, testId, maxH = '48' }: { label: string; value: unknown; testId?: string; maxH?: string }) {
  const { t } = useLingui();
  return (
    <Stack gap="1">
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Box
        as="pre"
        aria-label={t`${label}（只读）`}
        fontFamily="mono"
        fontSize="xs"
        bg="bg.muted"
        borderRadius="sm"
        p="2"
        maxH={maxH}
        overflow="auto"
        whiteSpace="pre-wrap"
        wordBreak="break-all"
        data-testid={testId}
      >
        {previewText(value)}
      </Box>
    </Stack>
  );
}
