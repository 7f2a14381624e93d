import { RichTextView } from '@/components/rich-text-view';

/** A notice body as its readers see it: sanitized HTML in the notice typography. */
export function NoticeContent({ html, testId }: { html: string; testId?: string }) {
  return <RichTextView html={html} testId={testId} />;
}
