import { useRef, useState, type ReactNode } from 'react';
import { Box, Button, Field, HStack, IconButton, Input, Popover, Separator, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Link from '@tiptap/extension-link';
import { Bold, Heading2, Heading3, Italic, Link as LinkIcon, List, ListOrdered, Redo2, Strikethrough, TextQuote, Undo2, Unlink } from 'lucide-react';
import { isAllowedLink, normalizeNoticeBody, safeLinkUrl } from '../notice-html';
import { noticeContentCss } from './notice-content';

/**
 * The rich-text editor of a notice body (TipTap). Loaded with React.lazy when the notice dialog
 * opens, so the editor stays out of the shell and the list page. Uncontrolled: it starts from
 * `initialHtml` and reports every change (an editor with no text reports '').
 */
export interface NoticeEditorProps {
  initialHtml: string;
  onChange(html: string): void;
  onBlur?(): void;
  invalid?: boolean;
  /** Accessible name of the editing area. */
  label: string;
}

export function NoticeEditor({ initialHtml, onChange, onBlur, invalid = false, label }: NoticeEditorProps) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3] }, link: false }),
      Link.configure({
        openOnClick: false,
        autolink: true,
        defaultProtocol: 'https',
        isAllowedUri: (url, ctx) => isAllowedLink(url) && !!ctx.defaultValidate(url),
        shouldAutoLink: (url) => safeLinkUrl(url) !== null,
        HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer' },
      }),
    ],
    content: initialHtml,
    editorProps: {
      attributes: { 'aria-label': label, 'aria-multiline': 'true', role: 'textbox', 'data-testid': 'notice-editor-content' },
    },
    onUpdate: ({ editor: e }) => onChange(normalizeNoticeBody(e.getHTML())),
    onBlur: () => onBlur?.(),
  });

  return (
    <Box
      borderWidth="1px"
      borderColor={invalid ? 'border.error' : 'border'}
      rounded="l2"
      overflow="hidden"
      _focusWithin={{ borderColor: invalid ? 'border.error' : 'brand.solid', boxShadow: '0 0 0 1px var(--chakra-colors-brand-solid)' }}
      data-testid="notice-editor"
    >
      <Toolbar editor={editor} />
      <Box
        maxH="55vh"
        overflowY="auto"
        css={{
          '& .ProseMirror': { ...noticeContentCss, minH: '240px', px: '3', py: '2.5', outline: 'none' },
          '& .ProseMirror a': { cursor: 'text' },
        }}
      >
        <EditorContent editor={editor} />
      </Box>
    </Box>
  );
}

function ToolButton({ label, active, disabled, onClick, testId, children }: { label: string; active?: boolean; disabled?: boolean; onClick(): void; testId: string; children: ReactNode }) {
  return (
    <IconButton
      type="button"
      size="xs"
      variant={active ? 'subtle' : 'ghost'}
      colorPalette={active ? 'brand' : 'gray'}
      aria-label={label}
      title={label}
      aria-pressed={active === undefined ? undefined : active}
      data-active={active || undefined}
      disabled={disabled}
      // Keep the selection in the editor.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      data-testid={testId}
    >
      {children}
    </IconButton>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const { t } = useLingui();
  const s = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      strike: e.isActive('strike'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const run = () => editor.chain().focus();
  return (
    <HStack gap="0.5" wrap="wrap" px="1.5" py="1" borderBottomWidth="1px" bg="bg.subtle" role="toolbar" aria-label={t`格式`}>
      <ToolButton label={t`加粗`} active={s.bold} onClick={() => run().toggleBold().run()} testId="notice-editor-bold">
        <Bold />
      </ToolButton>
      <ToolButton label={t`斜体`} active={s.italic} onClick={() => run().toggleItalic().run()} testId="notice-editor-italic">
        <Italic />
      </ToolButton>
      <ToolButton label={t`删除线`} active={s.strike} onClick={() => run().toggleStrike().run()} testId="notice-editor-strike">
        <Strikethrough />
      </ToolButton>
      <Separator orientation="vertical" h="5" mx="1" />
      <ToolButton label={t`二级标题`} active={s.h2} onClick={() => run().toggleHeading({ level: 2 }).run()} testId="notice-editor-h2">
        <Heading2 />
      </ToolButton>
      <ToolButton label={t`三级标题`} active={s.h3} onClick={() => run().toggleHeading({ level: 3 }).run()} testId="notice-editor-h3">
        <Heading3 />
      </ToolButton>
      <ToolButton label={t`无序列表`} active={s.bullet} onClick={() => run().toggleBulletList().run()} testId="notice-editor-bullet-list">
        <List />
      </ToolButton>
      <ToolButton label={t`有序列表`} active={s.ordered} onClick={() => run().toggleOrderedList().run()} testId="notice-editor-ordered-list">
        <ListOrdered />
      </ToolButton>
      <ToolButton label={t`引用`} active={s.quote} onClick={() => run().toggleBlockquote().run()} testId="notice-editor-blockquote">
        <TextQuote />
      </ToolButton>
      <LinkButton editor={editor} active={s.link} />
      <Separator orientation="vertical" h="5" mx="1" />
      <ToolButton label={t`撤销`} disabled={!s.canUndo} onClick={() => run().undo().run()} testId="notice-editor-undo">
        <Undo2 />
      </ToolButton>
      <ToolButton label={t`重做`} disabled={!s.canRedo} onClick={() => run().redo().run()} testId="notice-editor-redo">
        <Redo2 />
      </ToolButton>
    </HStack>
  );
}

/** 链接: asks for the address (http, https or mailto only) and links the selection, or removes the link. */
function LinkButton({ editor, active }: { editor: Editor; active: boolean }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const openWith = (next: boolean) => {
    if (next) {
      const href = editor.getAttributes('link').href;
      setUrl(typeof href === 'string' ? href : '');
      setError(null);
    }
    setOpen(next);
  };
  const apply = () => {
    const href = safeLinkUrl(url);
    if (!href) {
      setError(t`请输入以 http://、https:// 或 mailto: 开头的有效链接`);
      return;
    }
    const chain = editor.chain().focus();
    if (editor.state.selection.empty && !editor.isActive('link')) {
      // Nothing selected: the address itself becomes the linked text.
      chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
    } else {
      chain.extendMarkRange('link').setLink({ href }).run();
    }
    setOpen(false);
  };
  const remove = () => {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    setOpen(false);
  };

  return (
    <Popover.Root open={open} onOpenChange={(e) => openWith(e.open)} positioning={{ placement: 'bottom-start' }} initialFocusEl={() => inputRef.current}>
      <Popover.Trigger asChild>
        <IconButton
          type="button"
          size="xs"
          variant={active ? 'subtle' : 'ghost'}
          colorPalette={active ? 'brand' : 'gray'}
          aria-label={t`链接`}
          title={t`链接`}
          aria-pressed={active}
          data-active={active || undefined}
          onMouseDown={(e) => e.preventDefault()}
          data-testid="notice-editor-link"
        >
          <LinkIcon />
        </IconButton>
      </Popover.Trigger>
      {/* Not portalled: inside the modal dialog, content outside it cannot be used. */}
      <Popover.Positioner>
        <Popover.Content w="xs" data-testid="notice-link-popover">
          <Popover.Body p="3">
            <Stack gap="2">
              <Field.Root invalid={!!error}>
                <Field.Label fontSize="xs">
                  <Trans>链接地址</Trans>
                </Field.Label>
                <Input
                  ref={inputRef}
                  size="sm"
                  value={url}
                  placeholder="https://"
                  inputMode="url"
                  autoComplete="off"
                  onChange={(e) => {
                    setUrl(e.target.value);
                    setError(null);
                  }}
                  onKeyDown={(e) => {
                    // Enter applies the link (and must not submit the notice form around it).
                    if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
                      e.preventDefault();
                      apply();
                    }
                  }}
                  data-testid="notice-link-url"
                />
                <Field.ErrorText>{error}</Field.ErrorText>
              </Field.Root>
              {!error ? (
                <Text fontSize="xs" color="fg.muted">
                  <Trans>支持 http、https 和 mailto 链接</Trans>
                </Text>
              ) : null}
              <HStack justify="flex-end" gap="2">
                {active ? (
                  <Button type="button" size="xs" variant="ghost" colorPalette="red" onClick={remove} data-testid="notice-link-remove">
                    <Unlink />
                    <Trans>移除链接</Trans>
                  </Button>
                ) : null}
                <Button type="button" size="xs" colorPalette="brand" onClick={apply} data-testid="notice-link-apply">
                  <Trans>确定</Trans>
                </Button>
              </HStack>
            </Stack>
          </Popover.Body>
        </Popover.Content>
      </Popover.Positioner>
    </Popover.Root>
  );
}
