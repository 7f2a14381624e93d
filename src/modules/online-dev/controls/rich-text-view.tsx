import { useMemo } from 'react';
import { Box, type SystemStyleObject } from '@chakra-ui/react';
import { sanitizeHtml } from '@/lib/sanitize';

/** The typography of a rich-text field: the same in its editor and where it is read. */
export const richTextCss: SystemStyleObject = {
  fontSize: 'sm',
  lineHeight: '1.75',
  wordBreak: 'break-word',
  '& > * + *': { marginTop: '0.75em' },
  '& p': { margin: 0 },
  '& h2': { fontSize: 'xl', fontWeight: 'semibold', lineHeight: '1.4' },
  '& h3': { fontSize: 'lg', fontWeight: 'semibold', lineHeight: '1.4' },
  '& ul, & ol': { paddingInlineStart: '1.5em' },
  '& ul': { listStyleType: 'disc' },
  '& ol': { listStyleType: 'decimal' },
  '& blockquote': { borderInlineStartWidth: '3px', borderColor: 'border.emphasized', paddingInlineStart: '1em', color: 'fg.muted' },
  '& a': { color: 'brand.fg', textDecoration: 'underline' },
  '& strong': { fontWeight: 'semibold' },
  '& s': { textDecoration: 'line-through' },
  '& img': { maxWidth: '100%', height: 'auto' },
};

/** A rich-text value as readers see it: sanitized HTML (src/lib/sanitize.ts), never the stored markup as it is. */
export function RichTextView({ html, testId }: { html: unknown; testId?: string }) {
  const clean = useMemo(() => sanitizeHtml(typeof html === 'string' ? html : ''), [html]);
  return <Box css={richTextCss} data-testid={testId} dangerouslySetInnerHTML={{ __html: clean }} />;
}
