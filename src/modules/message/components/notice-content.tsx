import { RichTextView, richTextCss } from '@/components/rich-text-view';

/** The typography of a notice body: the shared rich-text typography. */
export const noticeContentCss = richTextCss;

/** A notice body as its readers see it: sanitized HTML in the notice typography. */
export function NoticeContent({ html, testId }: { html: string; testId?: string }) {
  return <RichTextView html={html} testId={testId} />;
}
