import type { ReactElement, ReactNode } from 'react';
import { Portal, Tooltip } from '@chakra-ui/react';

type Placement = 'top' | 'bottom' | 'left' | 'right' | 'bottom-start' | 'bottom-end' | 'right-start';

/**
 * A tooltip naming an icon-only control (the control keeps its own accessible name). The child must
 * accept a ref and props (a Chakra IconButton, a Menu.Trigger asChild …). A menu trigger and its
 * tooltip share one element id: pass the same `triggerId` to `Menu.Root ids={{ trigger }}`.
 */
export function IconTip({ label, children, placement = 'bottom', triggerId }: { label: ReactNode; children: ReactElement; placement?: Placement; triggerId?: string }) {
  return (
    <Tooltip.Root openDelay={300} closeDelay={50} positioning={{ placement }} ids={triggerId ? { trigger: triggerId } : undefined}>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content data-testid="icon-tip">{label}</Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}
