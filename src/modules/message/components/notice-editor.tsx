import { RichTextEditor } from '@/components/rich-text-editor';

/**
 * The rich-text editor of a notice body (the shared RichTextEditor). Loaded with React.lazy when the notice dialog opens, so the
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

export function NoticeEditor(props: NoticeEditorProps) {
  return <RichTextEditor {...props} testId="notice-editor" linkTestId="notice-link" />;
}
