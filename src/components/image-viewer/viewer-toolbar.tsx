import type { ReactElement, ReactNode } from 'react';
import { HStack, IconButton } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { ChevronLeft, ChevronRight, Expand, RotateCw, Shrink, ZoomIn, ZoomOut } from 'lucide-react';
import { VIEWER_Z_INDEX } from '@/contracts/limits';
import { IconTip } from '../icon-tip';
import { canNext, canPrev, canZoomIn, canZoomOut, type ViewerCommand, type ViewerState } from './viewer-model';

/** One toolbar action as data: its label, icon, key (shown in the tooltip) and command. */
export interface ViewerAction {
  id: 'zoomOut' | 'zoomIn' | 'rotate' | 'toggleMode' | 'prev' | 'next';
  label: string;
  icon: ReactNode;
  /** The key as `aria-keyshortcuts` names it, and as the tooltip shows it. */
  shortcut: { aria: string; hint: string };
  command: ViewerCommand;
  enabled: boolean;
}

const ICON = { size: 20, strokeWidth: 1.75 } as const;

/** The toolbar's actions for the current state (their labels in the current language). */
export function useViewerActions(s: ViewerState): ViewerAction[] {
  const { t } = useLingui();
  const original = s.mode === 'original';
  return [
    { id: 'zoomOut', label: t`缩小`, icon: <ZoomOut {...ICON} />, shortcut: { aria: 'ArrowDown', hint: '↓' }, command: { type: 'zoomOut' }, enabled: canZoomOut(s) },
    { id: 'zoomIn', label: t`放大`, icon: <ZoomIn {...ICON} />, shortcut: { aria: 'ArrowUp', hint: '↑' }, command: { type: 'zoomIn' }, enabled: canZoomIn(s) },
    { id: 'rotate', label: t`旋转`, icon: <RotateCw {...ICON} />, shortcut: { aria: '', hint: '' }, command: { type: 'rotate' }, enabled: s.count > 0 },
    {
      id: 'toggleMode',
      label: original ? t`适应屏幕` : t`原始尺寸`,
      icon: original ? <Shrink {...ICON} /> : <Expand {...ICON} />,
      shortcut: { aria: 'Space', hint: t`空格` },
      command: { type: 'toggleMode' },
      enabled: s.count > 0,
    },
    { id: 'prev', label: t`上一张`, icon: <ChevronLeft {...ICON} />, shortcut: { aria: 'ArrowLeft', hint: '←' }, command: { type: 'prev' }, enabled: canPrev(s) },
    { id: 'next', label: t`下一张`, icon: <ChevronRight {...ICON} />, shortcut: { aria: 'ArrowRight', hint: '→' }, command: { type: 'next' }, enabled: canNext(s) },
  ];
}

/** Icon buttons on the viewer's dark ground: 44 px on a phone (touch), 40 px on a desktop. */
export const viewerButtonStyle = {
  variant: 'ghost',
  color: 'white',
  rounded: 'full',
  size: { base: 'lg', md: 'md' },
  _hover: { bg: 'whiteAlpha.300' },
  // The tooltip's open state marks its trigger (data-state=open), which the ghost style would paint light.
  _expanded: { bg: 'whiteAlpha.300' },
  _active: { bg: 'whiteAlpha.400' },
  _disabled: { opacity: 0.35 },
  _focusVisible: { outline: '2px solid', outlineColor: 'white', outlineOffset: '1px' },
} as const;

/** A tooltip over the viewer (its z-index is above the tooltips' usual one). */
export function ViewerTip({ label, hint, children }: { label: string; hint?: string; children: ReactElement }) {
  return (
    <IconTip label={hint ? `${label} (${hint})` : label} placement="top" zIndex={VIEWER_Z_INDEX + 1}>
      {children}
    </IconTip>
  );
}

/** The row of actions under the picture. */
export function ViewerToolbar({ actions, onCommand }: { actions: ViewerAction[]; onCommand(command: ViewerCommand): void }) {
  const { t } = useLingui();
  return (
    <HStack
      role="toolbar"
      aria-label={t`图片操作`}
      aria-orientation="horizontal"
      justify="center"
      gap={{ base: '1', md: '2' }}
      px="2"
      pt="2"
      pb="max(0.5rem, env(safe-area-inset-bottom))"
      flexShrink={0}
      data-testid="image-viewer-toolbar"
    >
      {actions.map((a) => (
        <ViewerTip key={a.id} label={a.label} hint={a.shortcut.hint || undefined}>
          <IconButton
            {...viewerButtonStyle}
            aria-label={a.label}
            aria-keyshortcuts={a.shortcut.aria || undefined}
            disabled={!a.enabled}
            onClick={() => onCommand(a.command)}
            data-testid={`image-viewer-${a.id}`}
          >
            {a.icon}
          </IconButton>
        </ViewerTip>
      ))}
    </HStack>
  );
}
