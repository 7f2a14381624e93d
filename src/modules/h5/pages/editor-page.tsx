import { useEffect, useRef, useState } from 'react';
import { Box, Button, Flex, Spinner, VStack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { FileQuestion } from 'lucide-react';
import type { Work } from '@/contracts/h5';
import { EmptyState } from '@/components/empty-state';
import { PanelDrawer } from '@/components/panel-drawer';
import { useNarrowScreen } from '@/components/use-media';
import { notify } from '@/lib/notify';
import { syncStatus } from '@/lib/sync/engine';
import { WorkConflictDialog } from '../components/conflict-dialog';
import { closeWork, editorState, loadWork } from '../core/store';
import { openDraft } from '../drafts';
import { EditorCanvas } from '../editor/canvas/editor-canvas';
import { EditorHeader } from '../editor/editor-header';
import { EditorToolbar } from '../editor/editor-toolbar';
import { editorUi, openPanel } from '../editor/editor-ui';
import { LEFT_PANEL_PX, LeftPanel } from '../editor/left-panel';
import { RIGHT_PANEL_PX, RightPanel } from '../editor/right-panel';
import { useEditorKeys } from '../editor/use-editor-keys';
import { registerElements } from '../elements/index';
import { useAutosave } from '../use-autosave';

// The element types, once, before any work is loaded (loading repairs elements by their type).
registerElements();

/** Where the back button goes: my works (the menu route of h5/works). */
const WORKS_PATH: string = '/h5/works';

type LoadState = 'loading' | 'ready' | 'missing';

/** Opens the work from this device (or the server): null when it has none, or it was deleted. */
function useOpenWork(workId: string): LoadState {
  const active = useSnapshot(syncStatus).active;
  const [state, setState] = useState<LoadState>('loading');
  useEffect(() => {
    // The user's database opens with the session (sync.active); the draft is read from it.
    if (!active) return;
    let live = true;
    setState('loading');
    let loadedRevision = -1;
    // A newer copy from the server replaces the open one while it has not been edited here.
    const onNewer = (work: Work) => {
      if (live && editorState.work?.id === work.id && editorState.revision === loadedRevision) {
        loadWork(work);
        loadedRevision = editorState.revision;
      }
    };
    openDraft(workId, { onNewer }).then(
      (work) => {
        if (!live) return;
        if (!work) return setState('missing');
        loadWork(work);
        loadedRevision = editorState.revision;
        setState('ready');
      },
      () => live && setState('missing'),
    );
    return () => {
      live = false;
    };
  }, [workId, active]);
  return state;
}

function EditorPanelDrawer({ side, children }: { side: 'left' | 'right'; children: React.ReactNode }) {
  const { t } = useLingui();
  const ui = useSnapshot(editorUi);
  return (
    <PanelDrawer
      open={side === 'left' ? ui.leftOpen : ui.rightOpen}
      side={side === 'left' ? 'start' : 'end'}
      title={side === 'left' ? t`编辑工具` : t`属性面板`}
      testId={`editor-drawer-${side}`}
      onOpenChange={(o) => openPanel(side, o)}
    >
      {children}
    </PanelDrawer>
  );
}

/**
 * The campaign-page editor (spec 2.6, 4 Editor): header, left tabs, tool bar, canvas, right tabs;
 * on a narrow screen the side panels are drawers. The work opens from this device, saves itself
 * (autosave) and shows a conflict when it was changed elsewhere.
 */
export function EditorPage() {
  const { t } = useLingui();
  const { workId } = useParams({ strict: false }) as { workId: string };
  const navigate = useNavigate();
  const narrow = useNarrowScreen();
  const state = useOpenWork(workId);
  const { state: saveState, saveNow } = useAutosave(state === 'ready' ? workId : null);
  // Leaving the editor closes the work; declared after the autosave, so its flush runs first.
  useEffect(() => () => closeWork(), []);
  const [saving, setSaving] = useState(false);
  const savingRef = useRef(false);
  useEditorKeys(state === 'ready');

  const back = () => void navigate({ to: WORKS_PATH });
  const save = async () => {
    if (savingRef.current) return;
    savingRef.current = true;
    setSaving(true);
    try {
      const outcome = await saveNow();
      if (outcome.state === 'sent') notify({ kind: 'success', title: t`保存成功` });
      else if (outcome.state === 'refused') notify({ kind: 'error', title: outcome.conflict ? t`作品已在别处修改` : outcome.message || t`保存失败` });
      else notify({ kind: 'info', title: t`已保存到本机，联网后同步` });
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
  };

  if (state !== 'ready') {
    return (
      <Flex h="100dvh" align="center" justify="center" data-testid="editor-page" data-state={state}>
        {state === 'loading' ? (
          <VStack color="fg.muted">
            <Spinner />
            <Box fontSize="sm">{t`正在打开作品…`}</Box>
          </VStack>
        ) : (
          <EmptyState
            icon={<FileQuestion size={44} strokeWidth={1.25} />}
            text={t`作品不存在或已删除，或者它不在这台设备上且当前无法连接服务器。`}
            action={
              <Button size="sm" colorPalette="brand" onClick={back} data-testid="editor-missing-back">
                {t`返回我的作品`}
              </Button>
            }
          />
        )}
      </Flex>
    );
  }

  return (
    <Flex direction="column" h="100dvh" overflow="hidden" data-testid="editor-page" data-state="ready">
      <EditorHeader workId={workId} saveState={saveState} saving={saving} onSave={() => void save()} saveNow={saveNow} onBack={back} />
      <Flex flex="1" minH="0">
        {!narrow && (
          <Box as="aside" w={`${LEFT_PANEL_PX}px`} flexShrink={0} borderRightWidth="1px" bg="bg" minH="0">
            <LeftPanel />
          </Box>
        )}
        <Flex direction="column" flex="1" minW="0" minH="0">
          <EditorToolbar narrow={narrow} />
          <EditorCanvas />
        </Flex>
        {!narrow && (
          <Box as="aside" w={`${RIGHT_PANEL_PX}px`} flexShrink={0} borderLeftWidth="1px" bg="bg" minH="0">
            <RightPanel />
          </Box>
        )}
      </Flex>
      {narrow && (
        <>
          <EditorPanelDrawer side="left">
            <LeftPanel inDrawer />
          </EditorPanelDrawer>
          <EditorPanelDrawer side="right">
            <RightPanel />
          </EditorPanelDrawer>
        </>
      )}
      <WorkConflictDialog workId={workId} onReload={(work: Work) => loadWork(work)} />
    </Flex>
  );
}
