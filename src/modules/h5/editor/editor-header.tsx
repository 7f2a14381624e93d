import { forwardRef, lazy, Suspense, useId, useState, type ComponentProps, type ReactNode } from 'react';
import { Box, Button, HStack, IconButton, Input, Menu, Portal, Spinner, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { ArrowLeft, Check, CloudOff, Ellipsis, Eye, LayoutTemplate, Save, Send, TriangleAlert } from 'lucide-react';
import { DEFAULT_WORK_TITLE, WORK_TITLE_MAX } from '@/contracts/h5';
import { IconTip } from '@/components/icon-tip';
import { usePhoneScreen } from '@/components/use-media';
import type { WriteOutcome } from '@/lib/sync/outcome';
import { network } from '@/lib/network';
import { notify } from '@/lib/notify';
import { change, editorState, setServerFields } from '../core/store';
import { withH5More } from '../catalog';
import { setWorkFlags } from '../drafts';
import { autosaveLabel, type AutosaveState } from '../drafts-autosave';

/** The publish and preview dialogs: loaded when first opened. */
const PublishDialog = lazy(() => withH5More(import('./publish/publish-dialog')).then((m) => ({ default: m.PublishDialog })));
const PreviewDialog = lazy(() => withH5More(import('./publish/preview-dialog')).then((m) => ({ default: m.PreviewDialog })));

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
  workId: string;
  saveState: AutosaveState;
  saving: boolean;
  onSave(): void;
  /** Saves to the server now and waits briefly for the answer (publish and set as template need the server's copy). */
  saveNow(): Promise<WriteOutcome>;
  onBack(): void;
}

type Action = 'preview' | 'publish' | 'template';

/** 设为模板 / 取消模板: the server's copy is marked (after saving the latest changes to it). */
function useTemplateToggle(workId: string, saveNow: () => Promise<WriteOutcome>) {
  const { t } = useLingui();
  return async () => {
    const flag = !(editorState.work?.is_template ?? false);
    if (!network.online) return notify({ kind: 'info', title: t`设为模板需要联网，请联网后重试` });
    editorState.loading.setTemplate = true;
    try {
      const saved = await saveNow();
      if (saved.state !== 'sent') return notify({ kind: 'error', title: saved.state === 'refused' ? t`作品保存失败：${saved.message}` : t`作品还没有同步到服务器，请稍后再试` });
      // The call loads with its first use (the publish dialog and the centres use it too).
      const { setWorkTemplate } = await import('../publish-api');
      await setWorkTemplate(workId, flag);
      setServerFields({ is_template: flag });
      await setWorkFlags(workId, { is_template: flag }).catch(() => undefined);
      notify({ kind: 'success', title: flag ? t`已设为模板，可在模板中心使用` : t`已取消模板` });
    } catch (e) {
      notify({ kind: 'error', title: t`操作失败：${e instanceof Error ? e.message : String(e)}` });
    } finally {
      editorState.loading.setTemplate = false;
    }
  };
}

/** The editor's header: back to my works, the title, the save status, and 预览 / 保存 / 发布 / 设为模板 (a menu on a phone). */
export function EditorHeader({ workId, saveState, saving, onSave, saveNow, onBack }: EditorHeaderProps) {
  const { t } = useLingui();
  const phone = usePhoneScreen();
  const moreId = useId();
  const snap = useSnapshot(editorState);
  const isTemplate = snap.work?.is_template ?? false;
  const published = snap.work?.is_publish ?? false;
  const [open, setOpen] = useState<Action | null>(null);
  const toggleTemplate = useTemplateToggle(workId, saveNow);
  const run = (a: Action) => (a === 'template' ? void toggleTemplate() : setOpen(a));
  const actions: { id: Action; label: string; icon: ReactNode; loading?: boolean }[] = [
    { id: 'preview', label: t`预览`, icon: <Eye size={16} /> },
    { id: 'publish', label: published ? t`已发布` : t`发布`, icon: <Send size={16} /> },
    { id: 'template', label: isTemplate ? t`取消模板` : t`设为模板`, icon: <LayoutTemplate size={16} />, loading: snap.loading.setTemplate },
  ];
  const button = (a: (typeof actions)[number]) => (
    <Button key={a.id} size="sm" variant="outline" onClick={() => run(a.id)} loading={a.loading} data-testid={`editor-${a.id}`} data-active={a.id === 'publish' ? String(published) : a.id === 'template' ? String(isTemplate) : undefined}>
      {a.icon}
      {a.label}
    </Button>
  );
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
      {!phone && button(actions[0]!)}
      <Button size="sm" colorPalette="brand" onClick={onSave} loading={saving} data-testid="editor-save">
        <Save size={16} />
        {t`保存`}
      </Button>
      {phone ? (
        <Menu.Root ids={{ trigger: moreId }} onSelect={(d) => run(d.value as Action)}>
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
                {actions.map((a) => (
                  <Menu.Item key={a.id} value={a.id} data-testid={`editor-menu-${a.id}`}>
                    {a.icon}
                    <Box flex="1">{a.label}</Box>
                  </Menu.Item>
                ))}
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
      ) : (
        actions.slice(1).map(button)
      )}
      <Suspense fallback={null}>
        {open === 'publish' && <PublishDialog workId={workId} saveNow={saveNow} onClose={() => setOpen(null)} />}
        {open === 'preview' && <PreviewDialog workId={workId} onClose={() => setOpen(null)} />}
      </Suspense>
    </HStack>
  );
}
