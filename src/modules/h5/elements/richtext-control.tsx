import { useEffect, useRef, type ReactNode } from 'react';
import { Box, HStack, IconButton } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Bold, Heading2, Italic, List, ListOrdered, Strikethrough, Underline } from 'lucide-react';

/**
 * The rich-text field of the text element (TipTap, StarterKit without links and code). Loaded with
 * React.lazy by the property panel, so TipTap is downloaded only when a text element's properties
 * are shown. It reports its HTML on every change; when the value changes from outside (undo), the
 * editor shows the new value.
 */
export interface RichTextControlProps {
  value: string;
  onChange(html: string): void;
  label: string;
  testId: string;
}

function Tool({ label, active, onClick, children }: { label: string; active: boolean; onClick(): void; children: ReactNode }) {
  return (
    <IconButton
      type="button"
      size="2xs"
      variant={active ? 'subtle' : 'ghost'}
      colorPalette={active ? 'brand' : 'gray'}
      aria-label={label}
      title={label}
      aria-pressed={active}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
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
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      h2: e.isActive('heading', { level: 2 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
    }),
  });
  const run = () => editor.chain().focus();
  return (
    <HStack gap="0.5" px="1" py="0.5" borderBottomWidth="1px" bg="bg.subtle" role="toolbar" aria-label={t`格式`}>
      <Tool label={t`加粗`} active={s.bold} onClick={() => run().toggleBold().run()}>
        <Bold />
      </Tool>
      <Tool label={t`斜体`} active={s.italic} onClick={() => run().toggleItalic().run()}>
        <Italic />
      </Tool>
      <Tool label={t`下划线`} active={s.underline} onClick={() => run().toggleUnderline().run()}>
        <Underline />
      </Tool>
      <Tool label={t`删除线`} active={s.strike} onClick={() => run().toggleStrike().run()}>
        <Strikethrough />
      </Tool>
      <Tool label={t`标题`} active={s.h2} onClick={() => run().toggleHeading({ level: 2 }).run()}>
        <Heading2 />
      </Tool>
      <Tool label={t`无序列表`} active={s.bullet} onClick={() => run().toggleBulletList().run()}>
        <List />
      </Tool>
      <Tool label={t`有序列表`} active={s.ordered} onClick={() => run().toggleOrderedList().run()}>
        <ListOrdered />
      </Tool>
    </HStack>
  );
}

export function RichTextControl({ value, onChange, label, testId }: RichTextControlProps) {
  // The last HTML this editor reported: a value equal to it is our own change coming back.
  const reported = useRef(value);
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [2] }, link: false, code: false, codeBlock: false })],
    content: value,
    editorProps: { attributes: { 'aria-label': label, 'aria-multiline': 'true', role: 'textbox', 'data-testid': testId } },
    onUpdate: ({ editor: e }) => {
      reported.current = e.isEmpty ? '' : e.getHTML();
      onChange(reported.current);
    },
  });
  useEffect(() => {
    if (value === reported.current) return;
    reported.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <Box
      borderWidth="1px"
      rounded="l2"
      overflow="hidden"
      _focusWithin={{ borderColor: 'brand.solid' }}
      css={{ '& .ProseMirror': { minH: '24', maxH: '60', overflowY: 'auto', px: '2', py: '1.5', fontSize: 'sm', outline: 'none' }, '& .ProseMirror p': { my: '0' } }}
    >
      <Toolbar editor={editor} />
      <EditorContent editor={editor} />
    </Box>
  );
}
