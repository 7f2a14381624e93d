import { lazy, Suspense, type ReactNode } from 'react';
import { Box, Separator, Spinner, Tabs, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { MousePointerClick } from 'lucide-react';
import type { H5Element } from '@/contracts/h5';
import { EmptyState } from '@/components/empty-state';
import { withH5More } from '../catalog';
import { patchElement } from '../core/actions';
import { editorUi, setRightTab, type RightTab } from './editor-ui';
import { AnimationPanel, EventsPanel, PageSettingsPanel, ScriptsPanel } from './lazy-panels';
import { useImagePicker } from './panels/use-image-picker';
import { StylePanel } from './panels/style-panel';
import { useEditing } from './use-editing';

/** The element types' property panel (rich text, lists, charts…): loaded when first shown. */
const PropsPanel = lazy(() => withH5More(import('../elements/props-panel')).then((m) => ({ default: m.PropsPanel })));

/** Width of the right panel on a wide screen. */
export const RIGHT_PANEL_PX = 320;

function NoElement() {
  const { t } = useLingui();
  return <EmptyState compact icon={<MousePointerClick size={28} strokeWidth={1.25} />} text={t`请在画布或图层中选择一个元素`} />;
}

function ElementTab({ element, count, children }: { element: H5Element | null; count: number; children: (el: H5Element) => ReactNode }) {
  const { t } = useLingui();
  if (!element) return <NoElement />;
  return (
    <>
      {count > 1 && (
        <Text fontSize="xs" color="fg.muted" mb="3" data-testid="multi-note">
          {t`已选择 ${count} 个元素，这里编辑第一个`}
        </Text>
      )}
      {children(element)}
    </>
  );
}

/** The props tab: the element type's own fields (image fields pick from 素材库 too), then the common style. */
function PropsTab({ element }: { element: H5Element }) {
  const picker = useImagePicker();
  return (
    <>
      <Suspense fallback={<Spinner size="sm" />}>
        <PropsPanel
          element={element}
          onChange={(patch, mergeKey) => patchElement(element.uuid, { pluginProps: patch }, mergeKey ? { merge: mergeKey } : 'step')}
          onPickImage={picker.pick}
        />
      </Suspense>
      {picker.dialog}
      <Separator my="4" />
      <StylePanel element={element} />
    </>
  );
}

/** The right panel's tabs (spec 2.6): 属性 / 动画 / 交互 / 脚本 / 页面. */
export function RightPanel() {
  const { t } = useLingui();
  const tab = useSnapshot(editorUi).rightTab;
  const { element, count } = useEditing();
  const tabs: { value: RightTab; label: string }[] = [
    { value: 'props', label: t`属性` },
    { value: 'animation', label: t`动画` },
    { value: 'action', label: t`交互` },
    { value: 'script', label: t`脚本` },
    { value: 'page', label: t`页面` },
  ];
  return (
    <Tabs.Root value={tab} onValueChange={(e) => setRightTab(e.value as RightTab)} size="sm" variant="line" lazyMount display="flex" flexDirection="column" h="full" minH="0" data-testid="editor-right">
      <Tabs.List px="2" flexShrink={0} aria-label={t`属性面板`}>
        {tabs.map((tb) => (
          <Tabs.Trigger key={tb.value} value={tb.value} px="2" flex="1" justifyContent="center" data-testid={`right-tab-${tb.value}`}>
            {tb.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Box flex="1" minH="0" overflowY="auto">
        <Tabs.Content value="props" p="3">
          <ElementTab element={element} count={count}>
            {(el) => <PropsTab key={el.uuid} element={el} />}
          </ElementTab>
        </Tabs.Content>
        <Tabs.Content value="animation" p="3">
          <ElementTab element={element} count={count}>
            {(el) => <AnimationPanel key={el.uuid} element={el} />}
          </ElementTab>
        </Tabs.Content>
        <Tabs.Content value="action" p="3">
          <ElementTab element={element} count={count}>
            {(el) => <EventsPanel key={el.uuid} element={el} />}
          </ElementTab>
        </Tabs.Content>
        <Tabs.Content value="script" p="3">
          <ElementTab element={element} count={count}>
            {(el) => <ScriptsPanel key={el.uuid} element={el} />}
          </ElementTab>
        </Tabs.Content>
        <Tabs.Content value="page" p="3">
          <PageSettingsPanel />
        </Tabs.Content>
      </Box>
    </Tabs.Root>
  );
}
