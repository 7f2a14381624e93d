import type { ReactNode } from 'react';
import { Stack, Switch, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { editorState, setConfirmDelete } from '../../core/store';
import { editorUi, setPref } from '../editor-ui';

function Toggle({ label, help, checked, onChange, testId }: { label: string; help: ReactNode; checked: boolean; onChange(on: boolean): void; testId: string }) {
  return (
    <Stack gap="1">
      <Switch.Root colorPalette="brand" checked={checked} onCheckedChange={(e) => onChange(e.checked)} justifyContent="space-between" w="full" data-testid={testId}>
        <Switch.Label fontWeight="normal">{label}</Switch.Label>
        <Switch.HiddenInput />
        <Switch.Control />
      </Switch.Root>
      <Text fontSize="xs" color="fg.muted">
        {help}
      </Text>
    </Stack>
  );
}

/** The preferences tab: kept on this device, not in the work. */
export function PreferencesPanel() {
  const { t } = useLingui();
  const confirmDelete = useSnapshot(editorState).confirmDelete;
  const prefs = useSnapshot(editorUi).prefs;
  return (
    <Stack gap="5" data-testid="editor-preferences">
      <Toggle label={t`删除前确认`} help={t`删除元素前先询问`} checked={confirmDelete} onChange={setConfirmDelete} testId="pref-confirm-delete" />
      <Toggle label={t`吸附对齐`} help={t`拖动时吸附到画布边缘和中线、其他元素和参考线`} checked={prefs.snapping} onChange={(on) => setPref('snapping', on)} testId="pref-snapping" />
      <Toggle label={t`显示参考线`} help={t`在画布上显示中线；长页面还显示每屏的分界`} checked={prefs.showGuides} onChange={(on) => setPref('showGuides', on)} testId="pref-guides" />
    </Stack>
  );
}
