import type { ReactElement, ReactNode } from 'react';
import { Portal, Tooltip } from '@chakra-ui/react';

type Placement = 'top' | 'bottom' | 'left' | 'right' | 'bottom-start' | 'bottom-end' | 'right-start';

/**
 * A tooltip naming an icon-only control (the control keeps its own accessible name). The child must
 * accept a ref and props (a Chakra IconButton, a Menu.Trigger asChild …). A menu trigger and its
 * tooltip share one element id: pass the same `triggerId` to `Menu.Root ids={{ trigger }}`.
 * `zIndex` lifts the tooltip above a layer higher than the tooltips' own (the image viewer's).
 */
export function IconTip({ label, children, placement = 'bottom', triggerId, zIndex }: { label: ReactNode; children: ReactElement; placement?: Placement; triggerId?: string; zIndex?: number }) {
  return (
    <Tooltip.Root openDelay={300} closeDelay={50} positioning={{ placement }} ids={triggerId ? { trigger: triggerId } : undefined}>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content data-testid="icon-tip" zIndex={zIndex}>{label}</Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}
