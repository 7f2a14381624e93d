import { useState } from 'react';
import { HStack, IconButton, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Check, Copy } from 'lucide-react';

/** A bill number in a monospace chip (styles only from registered recipes: no Code recipe). */
export function BillNumberText({ value, size = 'sm', testId }: { value: string; size?: 'sm' | 'md' | 'xl'; testId?: string }) {
  return (
    <Text as="span" fontFamily="mono" fontSize={size} bg="bg.muted" rounded="sm" px={size === 'xl' ? '3' : '1.5'} py={size === 'xl' ? '1.5' : '0.5'} whiteSpace="nowrap" data-testid={testId}>
      {value}
    </Text>
  );
}

/** The number with a copy button. */
export function CopyableBillNumber({ value, testId }: { value: string; testId?: string }) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      /* no clipboard access: the number stays selectable */
    }
  };
  return (
    <HStack gap="2">
      <BillNumberText value={value} size="xl" testId={testId} />
      <IconButton size="sm" variant="ghost" aria-label={copied ? t`已复制` : t`复制`} onClick={() => void copy()}>
        {copied ? <Check /> : <Copy />}
      </IconButton>
    </HStack>
  );
}
