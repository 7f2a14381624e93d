import { forwardRef, useId, type ComponentProps, type ReactNode } from 'react';
import { Box, Button, HStack, IconButton, Input, Menu, Portal, Spinner, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { ArrowLeft, Check, CloudOff, Ellipsis, Eye, LayoutTemplate, Save, Send, TriangleAlert } from 'lucide-react';
import { DEFAULT_WORK_TITLE, WORK_TITLE_MAX } from '@/contracts/h5';
import { IconTip } from '@/components/icon-tip';
import { usePhoneScreen } from '@/components/use-media';
import { change, editorState } from '../core/store';
import { autosaveLabel, type AutosaveState } from '../drafts-autosave';

/** Said by the controls that part 2 brings to life (preview, publish, set as template, PSD, issues, poster). */
export function useSoonText() {
  const { t } = useLingui();
  return t`该功能将在后续版本中提供`;
}

/**
 * A control that is there but not working yet: looks disabled, still takes the pointer and the
 * focus so its tooltip can say why (a disabled button shows no tooltip).
 */
export const SoonButton = forwardRef<HTMLButtonElement, ComponentProps<typeof Button>>(function SoonButton(props, ref) {
  return <Button ref={ref} {...props} aria-disabled="true" opacity={0.5} cursor="not-allowed" onClick={(e) => e.preventDefault()} />;
});

/** The work's title, edited in place (one history step per typing run). */
function TitleInput() {
  const { t } = useLingui();
  const title = useSnapshot(editorState).work?.title ?? '';
  return (
    <Input
      value={title}
      onChange={(e) => {
        const v = e.target.value.slice(0, WORK_TITLE_MAX);
        change((w) => {
          w.title = v;
        }, { merge: 'work-title' });
      }}
      placeholder={DEFAULT_WORK_TITLE}
      aria-label={t`作品标题`}
      size="sm"
      variant="flushed"
      fontWeight="semibold"
      maxW={{ base: '40vw', md: '280px' }}
      minW="0"
      data-testid="editor-title"
    />
  );
}

const stateIcon: Record<AutosaveState, ReactNode> = {
  saved: <Check size={14} />,
  saving: <Spinner size="xs" />,
  local: <CloudOff size={14} />,
  failed: <TriangleAlert size={14} />,
  conflict: <TriangleAlert size={14} />,
};

function SaveStatus({ state, compact }: { state: AutosaveState; compact: boolean }) {
  const label = autosaveLabel(state);
  const tone = state === 'failed' || state === 'conflict' ? 'fg.error' : state === 'local' ? 'fg.warning' : 'fg.muted';
  const content = (
    <HStack gap="1" color={tone} fontSize="xs" flexShrink={0} role="status" aria-live="polite" aria-label={compact ? label : undefined} data-testid="save-status" data-state={state}>
      {stateIcon[state]}
      {!compact && <Text whiteSpace="nowrap">{label}</Text>}
    </HStack>
  );
  return compact ? (
    <IconTip label={label}>
      <Box tabIndex={0}>{content}</Box>
    </IconTip>
  ) : (
    content
  );
}

export interface EditorHeaderProps {
  saveState: AutosaveState;
  saving: boolean;
  onSave(): void;
  onBack(): void;
}

/** The editor's header: back to my works, the title, the save status, and 预览 / 保存 / 发布 / 设为模板 (a menu on a phone). */
export function EditorHeader({ saveState, saving, onSave, onBack }: EditorHeaderProps) {
  const { t } = useLingui();
  const soon = useSoonText();
  const phone = usePhoneScreen();
  const moreId = useId();
  const later = [
    { id: 'preview', label: t`预览`, icon: <Eye size={16} /> },
    { id: 'publish', label: t`发布`, icon: <Send size={16} /> },
    { id: 'template', label: t`设为模板`, icon: <LayoutTemplate size={16} /> },
  ];
  return (
    <HStack as="header" h="12" px={{ base: '2', md: '3' }} gap={{ base: '1', md: '3' }} borderBottomWidth="1px" bg="bg" flexShrink={0} data-testid="editor-header">
      <IconTip label={t`返回我的作品`}>
        <IconButton aria-label={t`返回我的作品`} variant="ghost" size="sm" onClick={onBack} data-testid="editor-back">
          <ArrowLeft />
        </IconButton>
      </IconTip>
      <TitleInput />
      <SaveStatus state={saveState} compact={phone} />
      <Box flex="1" />
      {!phone &&
        later.slice(0, 1).map((a) => (
          <IconTip key={a.id} label={soon}>
            <SoonButton size="sm" variant="outline" data-testid={`editor-${a.id}`}>
              {a.icon}
              {a.label}
            </SoonButton>
          </IconTip>
        ))}
      <Button size="sm" colorPalette="brand" onClick={onSave} loading={saving} data-testid="editor-save">
        <Save size={16} />
        {t`保存`}
      </Button>
      {phone ? (
        <Menu.Root ids={{ trigger: moreId }}>
          <IconTip label={t`更多操作`} triggerId={moreId}>
            <Menu.Trigger asChild>
              <IconButton aria-label={t`更多操作`} variant="ghost" size="sm" data-testid="editor-more">
                <Ellipsis />
              </IconButton>
            </Menu.Trigger>
          </IconTip>
          <Portal>
            <Menu.Positioner>
              <Menu.Content>
                {later.map((a) => (
                  <Menu.Item key={a.id} value={a.id} disabled>
                    {a.icon}
                    <Box flex="1">{a.label}</Box>
                    <Text fontSize="xs" color="fg.muted">
                      {t`后续版本提供`}
                    </Text>
                  </Menu.Item>
                ))}
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
      ) : (
        later.slice(1).map((a) => (
          <IconTip key={a.id} label={soon}>
            <SoonButton size="sm" variant="outline" data-testid={`editor-${a.id}`}>
              {a.icon}
              {a.label}
            </SoonButton>
          </IconTip>
        ))
      )}
    </HStack>
  );
}
