import { useRef, useState, type ReactNode, type SyntheticEvent } from 'react';
import { Box, Menu, Portal, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { CONTEXT_MENU_COMMANDS, editorCommand } from '../../core/commands';
import { editorState, select } from '../../core/store';
import { CommandIcon, run, shortcutText } from '../command-kit';

/** The element under an event, if it is one the canvas can pick (not the locked background / music). */
function pickableUuid(e: SyntheticEvent): string | null {
  const el = (e.target as Element | null)?.closest?.('.h5-el:not([data-locked])') as HTMLElement | null;
  return el?.dataset.uuid ?? null;
}

/**
 * The context menu of an element (spec 2.6): 复制, 删除, 置顶, 置底, 上移, 下移 — the core's
 * commands. Right click, or a long press on a touch screen; the element pressed is selected first
 * (kept with the others when it is already selected). Empty canvas keeps the browser's menu.
 */
export function ElementContextMenu({ children }: { children: ReactNode }) {
  const { i18n } = useLingui();
  const snap = useSnapshot(editorState);
  const [open, setOpen] = useState(false);
  const pressed = useRef<string | null>(null);
  const commands = CONTEXT_MENU_COMMANDS.map(editorCommand);
  return (
    <Menu.Root
      open={open}
      onOpenChange={(d) => {
        if (d.open) {
          const uuid = pressed.current;
          if (!uuid) return;
          if (!editorState.selection.includes(uuid)) select([uuid]);
        }
        setOpen(d.open);
      }}
      onSelect={(d) => {
        const command = commands.find((c) => c.id === d.value);
        if (command) void run(command);
      }}
    >
      <Menu.ContextTrigger asChild>
        <Box
          onPointerDownCapture={(e) => {
            pressed.current = pickableUuid(e);
          }}
          onContextMenuCapture={(e) => {
            pressed.current = pickableUuid(e);
            // Not on an element: no menu of ours.
            if (!pressed.current) e.stopPropagation();
          }}
          data-testid="canvas-context-area"
        >
          {children}
        </Box>
      </Menu.ContextTrigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="44" data-testid="element-context-menu">
            {commands.map((c) => (
              <Menu.Item key={c.id} value={c.id} disabled={!c.enabled(snap)} data-testid={`context-${c.id}`}>
                <CommandIcon command={c} />
                <Box flex="1">{i18n._(c.label)}</Box>
                {c.shortcut?.[0] && (
                  <Text fontSize="xs" color="fg.muted">
                    {shortcutText(c.shortcut[0])}
                  </Text>
                )}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
