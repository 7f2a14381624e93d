import { RichTextEditor } from '@/components/rich-text-editor';
import { isAllowedLink, normalizeNoticeBody, safeLinkUrl } from '../notice-html';
import { noticeContentCss } from './notice-content';

/**
 * The rich-text editor of a notice body (the shared RichTextEditor with the notice's link rules,
 * empty-body rule and typography). Loaded with React.lazy when the notice dialog opens, so the
 * editor stays out of the shell and the list page. Uncontrolled: it starts from `initialHtml` and
 * reports every change (an editor with no text reports '').
 */
export interface NoticeEditorProps {
  initialHtml: string;
  onChange(html: string): void;
  onBlur?(): void;
  invalid?: boolean;
  /** Accessible name of the editing area. */
  label: string;
}

const noticeLinks = { toHref: safeLinkUrl, isAllowed: isAllowedLink };

export function NoticeEditor(props: NoticeEditorProps) {
  return <RichTextEditor {...props} normalize={normalizeNoticeBody} links={noticeLinks} contentCss={noticeContentCss} testId="notice-editor" linkTestId="notice-link" />;
}
