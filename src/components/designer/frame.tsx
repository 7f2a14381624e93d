import type { ReactNode } from 'react';
import { Box, Flex } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { PanelDrawer } from '@/components/panel-drawer';

export type DesignerDrawer = 'palette' | 'props';

export interface DesignerFrameProps {
  /** The frame's test id; its attributes (`data-…`) name the document. */
  testId: string;
  data: Record<`data-${string}`, string>;
  /** The drawers' test ids: `<drawerTestIdPrefix>-palette`, `-props`. */
  drawerTestIdPrefix: string;
  narrow: boolean;
  toolbar: ReactNode;
  /** Under the toolbar: a working copy offered back. */
  banner: ReactNode;
  /** The palette, at the left or in a drawer on a narrow screen (a pick there closes it). */
  palette(onPicked?: () => void): ReactNode;
  /** What the palette holds, the title of its drawer. */
  paletteTitle: string;
  paletteWidth: string;
  properties: ReactNode;
  propertiesWidth: string;
  /** The drawer open on a narrow screen (the toolbar's buttons open them). */
  drawer: DesignerDrawer | null;
  onDrawer(drawer: DesignerDrawer | null): void;
  /** The canvas (or what stands for it), between the palette and the properties. */
  children: ReactNode;
}

/**
 * A designer's frame, for the model designer and the flow designer: the toolbar, a note under it,
 * then the palette (left), the canvas (centre) and the property panel (right) — the panels as
 * drawers on a narrow screen.
 */
export function DesignerFrame({ testId, data, drawerTestIdPrefix, narrow, toolbar, banner, palette, paletteTitle, paletteWidth, properties, propertiesWidth, drawer, onDrawer, children }: DesignerFrameProps) {
  const { t } = useLingui();
  const side = (content: ReactNode, w: string, edge: 'left' | 'right') => (
    <Box as="aside" w={w} flexShrink={0} minH="0" overflowY="auto" bg="bg" {...(edge === 'left' ? { borderRightWidth: '1px' } : { borderLeftWidth: '1px' })}>
      {content}
    </Box>
  );
  return (
    <>
      <Flex direction="column" h={{ base: 'calc(100dvh - 88px)', md: 'calc(100dvh - 112px)' }} minH="440px" bg="bg" borderWidth="1px" rounded="l3" overflow="hidden" data-testid={testId} {...data}>
        {toolbar}
        {banner}
        <Flex flex="1" minH="0">
          {narrow ? null : side(palette(), paletteWidth, 'left')}
          {children}
          {narrow ? null : side(properties, propertiesWidth, 'right')}
        </Flex>
      </Flex>
      {narrow ? (
        <>
          <PanelDrawer open={drawer === 'palette'} side="start" title={paletteTitle} testId={`${drawerTestIdPrefix}-palette`} onOpenChange={(o) => !o && onDrawer(null)}>
            {palette(() => onDrawer(null))}
          </PanelDrawer>
          <PanelDrawer open={drawer === 'props'} side="end" title={t`属性`} testId={`${drawerTestIdPrefix}-props`} onOpenChange={(o) => !o && onDrawer(null)}>
            {properties}
          </PanelDrawer>
        </>
      ) : null}
    </>
  );
}
