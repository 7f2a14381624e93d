import type { ReactNode } from 'react';
import { Box, Tabs } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { DESIGN_PANELS, type DesignPanel } from '../core/types';
import { FieldPanel } from './field-panel';
import { FormPanel } from './form-panel';
import { ListPanel } from './list-panel';
import { useDesigner, useDesignerView } from './use-designer';

const TITLES: Record<DesignPanel, ReactNode> = {
  field: <Trans>字段属性</Trans>,
  form: <Trans>表单设置</Trans>,
  list: <Trans>列表设置</Trans>,
};

/** The right panel: 字段属性 (the selected item), 表单设置, 列表设置; the tab follows the selection. */
export function PropertyPanel({ codeLocked }: { codeLocked: boolean }) {
  const designer = useDesigner();
  const panel = useDesignerView().state.panel;
  return (
    <Tabs.Root value={panel} onValueChange={(e) => designer.dispatch({ type: 'showPanel', panel: e.value as DesignPanel })} variant="line" colorPalette="brand" size="sm" display="flex" flexDirection="column" h="full" minH="0">
      <Tabs.List px="2" flexShrink={0}>
        {DESIGN_PANELS.map((p) => (
          <Tabs.Trigger key={p} value={p} data-testid={`od-panel-tab-${p}`}>
            {TITLES[p]}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Box flex="1" minH="0" overflowY="auto">
        <Tabs.Content value="field" p="0">
          <FieldPanel />
        </Tabs.Content>
        <Tabs.Content value="form" p="0">
          <FormPanel codeLocked={codeLocked} />
        </Tabs.Content>
        <Tabs.Content value="list" p="0">
          <ListPanel />
        </Tabs.Content>
      </Box>
    </Tabs.Root>
  );
}
