import { Box, Tabs, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { Blocks, Files, LayoutTemplate, ListTree, Settings2, type LucideIcon } from 'lucide-react';
import { editorUi, openPanel, setLeftTab, type LeftTab } from './editor-ui';
import { ComponentPalette } from './panels/component-palette';
import { LayerTree, PageList, PreferencesPanel, TemplatesPanel } from './lazy-panels';

/** Width of the left panel on a wide screen (icon rail + content). */
export const LEFT_PANEL_PX = 300;

/**
 * The left sidebar's tabs (spec 2.6): 组件 / 页面 / 模板 / 图层 / 偏好设置 — an icon rail and the
 * open tab beside it. In a drawer on a phone, adding a component closes the drawer.
 */
export function LeftPanel({ inDrawer = false }: { inDrawer?: boolean }) {
  const { t } = useLingui();
  const tab = useSnapshot(editorUi).leftTab;
  const tabs: { value: LeftTab; label: string; icon: LucideIcon }[] = [
    { value: 'components', label: t`组件`, icon: Blocks },
    { value: 'pages', label: t`页面`, icon: Files },
    { value: 'templates', label: t`模板`, icon: LayoutTemplate },
    { value: 'layers', label: t`图层`, icon: ListTree },
    { value: 'preferences', label: t`偏好设置`, icon: Settings2 },
  ];
  return (
    <Tabs.Root
      value={tab}
      onValueChange={(e) => setLeftTab(e.value as LeftTab)}
      orientation="vertical"
      variant="plain"
      lazyMount
      display="flex"
      h="full"
      minH="0"
      data-testid="editor-left"
    >
      <Tabs.List borderRightWidth="1px" w="18" flexShrink={0} py="2" gap="1" bg="bg.subtle" aria-label={t`编辑工具`}>
        {tabs.map(({ value, label, icon: Icon }) => (
          <Tabs.Trigger
            key={value}
            value={value}
            flexDirection="column"
            gap="0.5"
            h="auto"
            py="2"
            px="1"
            mx="1"
            rounded="md"
            fontSize="xs"
            _selected={{ bg: 'brand.subtle', color: 'brand.fg' }}
            data-testid={`left-tab-${value}`}
          >
            <Icon size={18} aria-hidden />
            <Text lineClamp={1}>{label}</Text>
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map(({ value }) => (
        <Tabs.Content key={value} value={value} flex="1" minW="0" overflowY="auto" p="3" pt="3">
          <Box>
            {value === 'components' && <ComponentPalette onAdded={inDrawer ? () => openPanel('left', false) : undefined} />}
            {value === 'pages' && <PageList />}
            {value === 'templates' && <TemplatesPanel />}
            {value === 'layers' && <LayerTree />}
            {value === 'preferences' && <PreferencesPanel />}
          </Box>
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
