import { HStack, IconButton, Separator } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { IconTip } from '@/components/icon-tip';
import { editorCommand, type CommandId } from '../../core/commands';
import { editorState } from '../../core/store';
import { CommandIcon, run } from '../command-kit';

/** The core's align and distribute commands, as the bar shows them (test ids by direction). */
const ALIGNS: [CommandId, string][] = [
  ['alignLeft', 'align-left'],
  ['alignHCenter', 'align-hcenter'],
  ['alignRight', 'align-right'],
  ['alignTop', 'align-top'],
  ['alignVCenter', 'align-vcenter'],
  ['alignBottom', 'align-bottom'],
];
const SPREADS: [CommandId, string][] = [
  ['distributeHorizontal', 'distribute-horizontal'],
  ['distributeVertical', 'distribute-vertical'],
];

/** Align and distribute, floating at the bottom of the canvas while two or more elements are selected (distribute needs three). */
export function AlignBar() {
  const { t, i18n } = useLingui();
  const snap = useSnapshot(editorState);
  if (snap.selection.length < 2) return null;
  const button = ([id, testId]: [CommandId, string], tip?: string) => {
    const command = editorCommand(id);
    const label = i18n._(command.label);
    return (
      <IconTip key={id} label={tip ?? label}>
        <IconButton aria-label={label} size="xs" variant="ghost" disabled={!command.enabled(snap)} onClick={() => void run(command)} data-testid={testId}>
          <CommandIcon command={command} />
        </IconButton>
      </IconTip>
    );
  };
  const fewForSpread = snap.selection.length < 3 ? t`至少选择 3 个元素才能分布` : undefined;
  return (
    <HStack
      position="absolute"
      bottom="3"
      left="50%"
      transform="translateX(-50%)"
      zIndex="docked"
      bg="bg"
      shadow="md"
      rounded="md"
      px="1"
      py="0.5"
      gap="0"
      role="toolbar"
      aria-label={t`对齐与分布`}
      data-testid="align-bar"
    >
      {ALIGNS.map((a) => button(a))}
      <Separator orientation="vertical" h="5" mx="1" />
      {SPREADS.map((s) => button(s, fewForSpread))}
    </HStack>
  );
}
