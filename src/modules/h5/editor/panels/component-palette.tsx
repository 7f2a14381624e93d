import { Box, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { ELEMENT_GROUPS, elementDefs, elementGroupLabels } from '../../elements/index';
import { revealElement } from '../canvas/canvas-moveable';
import { PALETTE_DRAG_TYPE } from '../canvas/page-frame';
import { addFromPalette } from '../placement';

/**
 * The components tab: the element types by group. A click adds one to the editing page at a free
 * spot; dragging one onto the canvas adds it where it is dropped.
 */
export function ComponentPalette({ onAdded }: { onAdded?: () => void }) {
  const { i18n } = useLingui();
  return (
    <Stack gap="4" data-testid="component-palette">
      {ELEMENT_GROUPS.map((g) => {
        const defs = elementDefs.filter((d) => d.group === g);
        if (defs.length === 0) return null;
        const groupName = i18n._(elementGroupLabels[g]);
        return (
          <Box key={g} as="section" aria-label={groupName}>
            <Heading size="xs" color="fg.muted" mb="2">
              {groupName}
            </Heading>
            <SimpleGrid columns={3} gap="1.5">
              {defs.map((d) => {
                const label = i18n._(d.label);
                return (
                  <Box
                    as="button"
                    key={d.name}
                    draggable
                    onDragStart={(e: React.DragEvent) => {
                      e.dataTransfer.setData(PALETTE_DRAG_TYPE, d.name);
                      e.dataTransfer.effectAllowed = 'copy';
                    }}
                    onClick={() => {
                      const uuid = addFromPalette(d.name);
                      if (uuid) revealElement(uuid);
                      onAdded?.();
                    }}
                    display="flex"
                    flexDirection="column"
                    alignItems="center"
                    gap="1"
                    py="2"
                    px="1"
                    rounded="md"
                    borderWidth="1px"
                    borderColor="border"
                    bg="bg"
                    cursor="grab"
                    _hover={{ borderColor: 'brand.solid', color: 'brand.fg' }}
                    _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing' }}
                    title={label}
                    data-testid="palette-item"
                    data-name={d.name}
                  >
                    <d.icon size={20} strokeWidth={1.5} aria-hidden />
                    <Text fontSize="xs" lineClamp={1}>
                      {label}
                    </Text>
                  </Box>
                );
              })}
            </SimpleGrid>
          </Box>
        );
      })}
    </Stack>
  );
}
