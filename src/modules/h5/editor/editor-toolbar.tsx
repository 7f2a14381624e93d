import { HStack, IconButton, Separator, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { PanelLeft, SlidersHorizontal } from 'lucide-react';
import { IconTip } from '@/components/icon-tip';
import { editorCommand, type CommandId } from '../core/commands';
import { editorState } from '../core/store';
import { CommandIcon, run, withShortcut } from './command-kit';
import { openPanel } from './editor-ui';
import { IssuesTool, PosterTool, PsdTool } from './toolbar/tool-buttons';

/** A tool bar button running a core command (enabled as the command says). */
function CommandButton({ id, label: own }: { id: CommandId; label?: string }) {
  const { i18n } = useLingui();
  const snap = useSnapshot(editorState);
  const command = editorCommand(id);
  const label = own ?? i18n._(command.label);
  return (
    <IconTip label={withShortcut(label, command)}>
      <IconButton aria-label={label} size="sm" variant="ghost" disabled={!command.enabled(snap)} onClick={() => void run(command)} data-testid={`tool-${id}`}>
        <CommandIcon command={command} />
      </IconButton>
    </IconTip>
  );
}

/** Zoom out, the zoom, zoom in, 100%; on a narrow screen only the two buttons (the page fits the width there). */
function ZoomControls({ compact }: { compact: boolean }) {
  const { t } = useLingui();
  const scale = useSnapshot(editorState).scaleRate;
  return (
    <HStack gap="0" role="group" aria-label={t`缩放`}>
      <CommandButton id="zoomOut" />
      {!compact && (
        <Text fontSize="xs" w="11" textAlign="center" aria-live="polite" aria-label={t`缩放比例`} data-testid="zoom-value">
          {Math.round(scale * 100)}%
        </Text>
      )}
      <CommandButton id="zoomIn" />
      {!compact && <CommandButton id="zoomReset" />}
    </HStack>
  );
}

/**
 * The tool bar above the canvas (spec 2.6): 撤销, 重做, 复制页面, 复制元素, 导入PSD, zoom, 问题检查,
 * 截图海报. On a narrow screen it also opens the side panels (drawers).
 */
export function EditorToolbar({ narrow }: { narrow: boolean }) {
  const { t } = useLingui();
  // On a phone every tool fits in one row (no separators, compact zoom); a narrower one scrolls it.
  const sep = narrow ? null : <Separator orientation="vertical" h="5" mx="1" />;
  return (
    <HStack
      role="toolbar"
      aria-label={t`工具栏`}
      h="11"
      px="2"
      gap="0.5"
      borderBottomWidth="1px"
      bg="bg"
      flexShrink={0}
      overflowX="auto"
      css={{ scrollbarWidth: 'none' }}
      data-testid="editor-toolbar"
    >
      {narrow && (
        <>
          <IconTip label={t`组件和页面`}>
            <IconButton aria-label={t`组件和页面`} size="sm" variant="ghost" onClick={() => openPanel('left')} data-testid="open-left">
              <PanelLeft />
            </IconButton>
          </IconTip>
          <IconTip label={t`属性面板`}>
            <IconButton aria-label={t`属性面板`} size="sm" variant="ghost" onClick={() => openPanel('right')} data-testid="open-right">
              <SlidersHorizontal />
            </IconButton>
          </IconTip>
          {sep}
        </>
      )}
      <CommandButton id="undo" />
      <CommandButton id="redo" />
      {sep}
      <CommandButton id="copyPage" />
      <CommandButton id="copyElement" label={t`复制元素`} />
      <PsdTool />
      {sep}
      <ZoomControls compact={narrow} />
      {sep}
      <IssuesTool />
      <PosterTool />
    </HStack>
  );
}
