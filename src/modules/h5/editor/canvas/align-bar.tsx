import { HStack, IconButton, Separator } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import {
  AlignCenterHorizontal,
  AlignCenterVertical,
  AlignEndHorizontal,
  AlignEndVertical,
  AlignHorizontalDistributeCenter,
  AlignStartHorizontal,
  AlignStartVertical,
  AlignVerticalDistributeCenter,
  type LucideIcon,
} from 'lucide-react';
import { IconTip } from '@/components/icon-tip';
import { alignSelection, distributeSelection } from '../../core/actions';
import type { Align } from '../../core/ops';
import { editorState } from '../../core/store';

/** Align and distribute, floating at the bottom of the canvas while two or more elements are selected (distribute needs three). */
export function AlignBar() {
  const { t } = useLingui();
  const count = useSnapshot(editorState).selection.length;
  if (count < 2) return null;
  const aligns: { how: Align; label: string; icon: LucideIcon }[] = [
    { how: 'left', label: t`左对齐`, icon: AlignStartVertical },
    { how: 'hcenter', label: t`水平居中`, icon: AlignCenterVertical },
    { how: 'right', label: t`右对齐`, icon: AlignEndVertical },
    { how: 'top', label: t`顶端对齐`, icon: AlignStartHorizontal },
    { how: 'vcenter', label: t`垂直居中`, icon: AlignCenterHorizontal },
    { how: 'bottom', label: t`底端对齐`, icon: AlignEndHorizontal },
  ];
  const spreads: { axis: 'horizontal' | 'vertical'; label: string; icon: LucideIcon }[] = [
    { axis: 'horizontal', label: t`水平等距分布`, icon: AlignHorizontalDistributeCenter },
    { axis: 'vertical', label: t`垂直等距分布`, icon: AlignVerticalDistributeCenter },
  ];
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
      {aligns.map(({ how, label, icon: Icon }) => (
        <IconTip key={how} label={label}>
          <IconButton aria-label={label} size="xs" variant="ghost" onClick={() => alignSelection(how)} data-testid={`align-${how}`}>
            <Icon />
          </IconButton>
        </IconTip>
      ))}
      <Separator orientation="vertical" h="5" mx="1" />
      {spreads.map(({ axis, label, icon: Icon }) => (
        <IconTip key={axis} label={count < 3 ? t`至少选择 3 个元素才能分布` : label}>
          <IconButton aria-label={label} size="xs" variant="ghost" disabled={count < 3} onClick={() => distributeSelection(axis)} data-testid={`distribute-${axis}`}>
            <Icon />
          </IconButton>
        </IconTip>
      ))}
    </HStack>
  );
}
