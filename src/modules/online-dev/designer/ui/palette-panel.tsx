import { Box, Button, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { PALETTE, PALETTE_GROUP_NAMES, PALETTE_GROUPS } from '../core/palette';
import { useDnd } from './dnd';
import { DesignIcon } from './icons';
import { useDesigner } from './use-designer';

/**
 * The palette: every control type by group. A click adds it after the selected item (or at the
 * end); dragging it drops it where the line shows on the canvas.
 */
export function PalettePanel({ onPicked }: { onPicked?: () => void }) {
  const designer = useDesigner();
  const dnd = useDnd();
  return (
    <Stack gap="3" p="3" data-testid="od-palette">
      {PALETTE_GROUPS.map((group) => (
        <Box key={group}>
          <Text fontSize="xs" fontWeight="semibold" color="fg.muted" mb="1.5">
            {i18n._(PALETTE_GROUP_NAMES[group])}
          </Text>
          <SimpleGrid columns={2} gap="1.5">
            {PALETTE.filter((e) => e.group === group).map((e) => (
              <Button
                key={e.type}
                size="xs"
                variant="outline"
                justifyContent="flex-start"
                fontWeight="normal"
                draggable
                onDragStart={(ev) => dnd.start(ev, { kind: 'palette', type: e.type })}
                onDragEnd={() => dnd.end()}
                onClick={() => {
                  designer.dispatch({ type: 'addField', controlType: e.type });
                  onPicked?.();
                }}
                cursor="grab"
                data-testid={`od-palette-${e.type}`}
              >
                <DesignIcon name={e.icon} />
                <Text truncate>{i18n._(e.name)}</Text>
              </Button>
            ))}
          </SimpleGrid>
        </Box>
      ))}
    </Stack>
  );
}
