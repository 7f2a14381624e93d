import { useRef, useState, type ReactNode } from 'react';
import { Box, Button, Field, HStack, IconButton, Input, Popover, Separator, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Link from '@tiptap/extension-link';
import { Bold, Heading2, Heading3, Italic, Link as LinkIcon, List, ListOrdered, Redo2, Strikethrough, TextQuote, Undo2, Unlink } from 'lucide-react';
import { blankRichTextToEmpty, isAllowedRichTextLink, richTextLinkUrl } from '@/lib/rich-text-links';
import { richTextCss } from './rich-text-view';

/**
 * A rich-text editor (TipTap): bold, italic, strike, headings, lists, quote, links, undo / redo.
 * Load it with React.lazy where it is used, so TipTap stays out of the pages that do not edit rich
 * text. Uncontrolled: it starts from `initialHtml` and reports every change as HTML (an editor with
 * no text reports ''). Links: http, https and mailto (src/lib/rich-text-links.ts). It edits in the
 * typography RichTextView shows (richTextCss); what it writes is shown sanitized (src/lib/sanitize.ts)
 * wherever it is read.
 */

export interface RichTextEditorProps {
  initialHtml: string;
  onChange(html: string): void;
  onBlur?(): void;
  invalid?: boolean;
  /** Read-only (the toolbar hidden). */
  disabled?: boolean;
  /** Accessible name of the editing area. */
  label: string;
  /** Height of the editing area at least (default 240px) and at most (default 55vh). */
  minH?: string;
  maxH?: string;
  /** data-testid of the frame; its parts add `-content`, `-bold`, `-link` … (default `rich-text-editor`). */
  testId?: string;
  /** data-testid prefix of the link popover's parts: `-popover`, `-url`, `-apply`, `-remove` (default `${testId}-link`). */
  linkTestId?: string;
}

interface Ids {
  editor: string;
  link: string;
}

export function RichTextEditor({
  initialHtml,
  onChange,
  onBlur,
  invalid = false,
  disabled = false,
  label,
  minH = '240px',
  maxH = '55vh',
  testId = 'rich-text-editor',
  linkTestId,
}: RichTextEditorProps) {
  const ids: Ids = { editor: testId, link: linkTestId ?? `${testId}-link` };
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3] }, link: false }),
      Link.configure({
        openOnClick: false,
        autolink: true,
        defaultProtocol: 'https',
        isAllowedUri: (url, ctx) => isAllowedRichTextLink(url) && !!ctx.defaultValidate(url),
        shouldAutoLink: (url) => richTextLinkUrl(url) !== null,
        HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer' },
      }),
    ],
    content: initialHtml,
    editable: !disabled,
    editorProps: {
      attributes: { 'aria-label': label, 'aria-multiline': 'true', role: 'textbox', 'data-testid': `${testId}-content`, ...(disabled ? { 'aria-readonly': 'true' } : {}) },
    },
    onUpdate: ({ editor: e }) => onChange(blankRichTextToEmpty(e.getHTML())),
    onBlur: () => onBlur?.(),
  });

  return (
    <Box
      borderWidth="1px"
      borderColor={invalid ? 'border.error' : 'border'}
      rounded="l2"
      overflow="hidden"
      _focusWithin={{ borderColor: invalid ? 'border.error' : 'brand.solid', boxShadow: '0 0 0 1px var(--chakra-colors-brand-solid)' }}
      data-testid={testId}
    >
      {disabled ? null : <Toolbar editor={editor} ids={ids} />}
      <Box
        maxH={maxH}
        overflowY="auto"
        css={{
          '& .ProseMirror': { ...richTextCss, minH, px: '3', py: '2.5', outline: 'none' },
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

function Toolbar({ editor, ids }: { editor: Editor; ids: Ids }) {
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
      <ToolButton label={t`加粗`} active={s.bold} onClick={() => run().toggleBold().run()} testId={`${ids.editor}-bold`}>
        <Bold />
      </ToolButton>
      <ToolButton label={t`斜体`} active={s.italic} onClick={() => run().toggleItalic().run()} testId={`${ids.editor}-italic`}>
        <Italic />
      </ToolButton>
      <ToolButton label={t`删除线`} active={s.strike} onClick={() => run().toggleStrike().run()} testId={`${ids.editor}-strike`}>
        <Strikethrough />
      </ToolButton>
      <Separator orientation="vertical" h="5" mx="1" />
      <ToolButton label={t`二级标题`} active={s.h2} onClick={() => run().toggleHeading({ level: 2 }).run()} testId={`${ids.editor}-h2`}>
        <Heading2 />
      </ToolButton>
      <ToolButton label={t`三级标题`} active={s.h3} onClick={() => run().toggleHeading({ level: 3 }).run()} testId={`${ids.editor}-h3`}>
        <Heading3 />
      </ToolButton>
      <ToolButton label={t`无序列表`} active={s.bullet} onClick={() => run().toggleBulletList().run()} testId={`${ids.editor}-bullet-list`}>
        <List />
      </ToolButton>
      <ToolButton label={t`有序列表`} active={s.ordered} onClick={() => run().toggleOrderedList().run()} testId={`${ids.editor}-ordered-list`}>
        <ListOrdered />
      </ToolButton>
      <ToolButton label={t`引用`} active={s.quote} onClick={() => run().toggleBlockquote().run()} testId={`${ids.editor}-blockquote`}>
        <TextQuote />
      </ToolButton>
      <LinkButton editor={editor} active={s.link} ids={ids} />
      <Separator orientation="vertical" h="5" mx="1" />
      <ToolButton label={t`撤销`} disabled={!s.canUndo} onClick={() => run().undo().run()} testId={`${ids.editor}-undo`}>
        <Undo2 />
      </ToolButton>
      <ToolButton label={t`重做`} disabled={!s.canRedo} onClick={() => run().redo().run()} testId={`${ids.editor}-redo`}>
        <Redo2 />
      </ToolButton>
    </HStack>
  );
}

/** 链接: asks for the address (http, https or mailto only) and links the selection, or removes the link. */
function LinkButton({ editor, active, ids }: { editor: Editor; active: boolean; ids: Ids }) {
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
    const href = richTextLinkUrl(url);
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
          data-testid={`${ids.editor}-link`}
        >
          <LinkIcon />
        </IconButton>
      </Popover.Trigger>
      {/* Not portalled: inside the modal dialog, content outside it cannot be used. */}
      <Popover.Positioner>
        <Popover.Content w="xs" data-testid={`${ids.link}-popover`}>
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
                    // Enter applies the link (and must not submit the form around it).
                    if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
                      e.preventDefault();
                      apply();
                    }
                  }}
                  data-testid={`${ids.link}-url`}
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
                  <Button type="button" size="xs" variant="ghost" colorPalette="red" onClick={remove} data-testid={`${ids.link}-remove`}>
                    <Unlink />
                    <Trans>移除链接</Trans>
                  </Button>
                ) : null}
                <Button type="button" size="xs" colorPalette="brand" onClick={apply} data-testid={`${ids.link}-apply`}>
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
