import { useMemo } from 'react';
import { Box, type SystemStyleObject } from '@chakra-ui/react';
import { sanitizeHtml } from '@/lib/sanitize';

/** The typography of rich text (notices, rich-text fields): the same in the editor and where it is read. */
export const richTextCss: SystemStyleObject = {
  fontSize: 'sm',
  lineHeight: '1.75',
  wordBreak: 'break-word',
  '& > * + *': { marginTop: '0.75em' },
  '& p': { margin: 0 },
  '& h2': { fontSize: 'xl', fontWeight: 'semibold', lineHeight: '1.4' },
  '& h3': { fontSize: 'lg', fontWeight: 'semibold', lineHeight: '1.4' },
  '& > * + h2, & > * + h3': { marginTop: '1.1em' },
  '& ul, & ol': { paddingInlineStart: '1.5em' },
  '& ul': { listStyleType: 'disc' },
  '& ol': { listStyleType: 'decimal' },
  '& li > p': { margin: 0 },
  '& li + li': { marginTop: '0.25em' },
  '& blockquote': { borderInlineStartWidth: '3px', borderColor: 'border.emphasized', paddingInlineStart: '1em', color: 'fg.muted' },
  '& a': { color: 'brand.fg', textDecoration: 'underline' },
  '& strong': { fontWeight: 'semibold' },
  '& s': { textDecoration: 'line-through' },
  '& code': { fontFamily: 'mono', fontSize: '0.9em', bg: 'bg.muted', paddingInline: '1', rounded: 'sm' },
  '& pre': { fontFamily: 'mono', bg: 'bg.muted', padding: '3', rounded: 'md', overflowX: 'auto' },
  '& hr': { borderColor: 'border' },
  '& img': { maxWidth: '100%', height: 'auto' },
};

/** Rich text as its readers see it: sanitized HTML (src/lib/sanitize.ts) in the rich-text typography, never the stored markup as it is. */
export function RichTextView({ html, testId }: { html: unknown; testId?: string }) {
  const clean = useMemo(() => sanitizeHtml(typeof html === 'string' ? html : ''), [html]);
  return <Box css={richTextCss} data-testid={testId} dangerouslySetInnerHTML={{ __html: clean }} />;
}
