import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Box, Flex } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { ReactFlowProvider } from '@xyflow/react';
import { useSnapshot } from 'valtio';
import type { FlowInfo } from '@/contracts/workflow';
import { PanelDrawer } from '@/components/panel-drawer';
import { useNarrowScreen } from '@/components/use-media';
import { formatDateTime } from '@/lib/format';
import { network } from '@/lib/network';
import { notify } from '@/lib/notify';
import { keyBelongsToFocus } from '@/lib/shortcuts';
import { docOf, flowApi, FlowConflict, formFieldsOf, ReleaseRefused } from '../api';
import { actionForKey } from '../core/actions';
import { createFlowDesigner, type FlowDesigner } from '../core/designer';
import { clearLocalCopy, createCopyKeeper, type LocalCopy } from '../local-copy';
import { problemText } from '../messages';
import { FlowCanvas } from './flow-canvas';
import { FlowToolbar, type RefusedRelease } from './flow-toolbar';
import { ConflictDialog, PublishDialog, RestoreBanner } from './notes';
import { FlowPalette } from './palette';
import { PropertyPanel } from './property-panel';
import { FlowDesignerContext } from './use-flow-designer';

const rowOf = ({ draft: _draft, ...row }: FlowInfo) => row;

export interface FlowEditorProps {
  info: FlowInfo;
  /** A working copy kept on this device that differs from the server's draft: offered back. */
  pendingCopy?: LocalCopy | null;
  /** Opened from this device's copy (the server could not be reached): unsaved until saved. */
  fromCopy?: boolean;
  onBack(): void;
  /** Reads the flow from the server again (after a conflict). */
  onReload(): void;
}

/** The designer's keys while it is shown: the core's actions by their shortcuts, not while typing. */
function useFlowKeys(designer: FlowDesigner, active: boolean) {
  useEffect(() => {
    if (!active) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || keyBelongsToFocus(e.target)) return;
      const action = actionForKey(designer.view(), e);
      if (!action) return;
      e.preventDefault();
      action.perform(designer);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [designer, active]);
}

/** The chosen form's fields, read for the checks and the pickers whenever the form changes. */
function useFormFields(designer: FlowDesigner, formId: string | null) {
  useEffect(() => {
    designer.setFields(undefined);
    if (!formId) return;
    let live = true;
    flowApi.formFields(formId).then(
      (list) => live && designer.setFields(formFieldsOf(list)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [designer, formId]);
}

/**
 * 流程设计 of one flow: the node palette (left), the canvas (centre), the property panel (right) —
 * drawers on a narrow screen — and the toolbar. Saving and publishing need the server; the working
 * copy is kept on this device as the administrator edits.
 */
export function FlowEditor({ info: loaded, pendingCopy = null, fromCopy = false, onBack, onReload }: FlowEditorProps) {
  const { t } = useLingui();
  const narrow = useNarrowScreen();
  const online = useSnapshot(network).online;
  const [info, setInfo] = useState<FlowInfo>(loaded);
  const designer = useMemo(() => createFlowDesigner(docOf(loaded), fromCopy ? { saved: null } : {}), [loaded, fromCopy]);
  const [pending, setPending] = useState<LocalCopy | null>(pendingCopy);
  const [saving, setSaving] = useState(false);
  const [publishing, setPublishing] = useState<'ask' | 'busy' | null>(null);
  const [conflict, setConflict] = useState<FlowConflict | null>(null);
  const [drawer, setDrawer] = useState<'palette' | 'props' | null>(null);
  const [formId, setFormId] = useState(loaded.draft.formId);
  // Problems a refused release named, shown until the document changes.
  const [refused, setRefused] = useState<RefusedRelease | null>(null);
  const infoRef = useRef(info);
  infoRef.current = info;
  const flowId = loaded.id;

  const keeper = useMemo(() => createCopyKeeper(flowId, () => rowOf(infoRef.current)), [flowId]);
  useEffect(() => {
    let last = designer.view().state.doc;
    return designer.subscribe(() => {
      const v = designer.view();
      if (v.state.doc === last) return;
      last = v.state.doc;
      setFormId(last.draft.formId);
      if (!pending) keeper.keep(last, v.dirty);
    });
  }, [designer, keeper, pending]);
  useEffect(() => {
    const flush = () => void keeper.flush();
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [keeper]);
  useFlowKeys(designer, publishing === null && !conflict);
  useFormFields(designer, formId);

  const restore = () => {
    if (!pending) return;
    designer.dispatch({ type: 'replaceDoc', doc: pending.doc });
    setPending(null);
    keeper.keep(designer.view().state.doc, designer.view().dirty);
  };
  const discard = () => {
    setPending(null);
    void clearLocalCopy(flowId);
  };

  const save = async (): Promise<boolean> => {
    const current = designer.view().state.doc;
    setSaving(true);
    try {
      const saved = await flowApi.save(flowId, current, infoRef.current.version);
      setInfo(saved);
      infoRef.current = saved;
      designer.markSaved(current);
      keeper.cancel();
      await clearLocalCopy(flowId).catch(() => undefined);
      setPending(null);
      const now = designer.view();
      if (now.dirty) keeper.keep(now.state.doc, true);
      notify({ kind: 'success', title: t`已保存` });
      return true;
    } catch (e) {
      if (e instanceof FlowConflict) {
        keeper.keep(current, true);
        await keeper.flush().catch(() => undefined);
        setConflict(e);
      } else {
        const reason = e instanceof Error ? problemText(e.message) : String(e);
        notify({ kind: 'error', title: t`保存失败：${reason}` });
      }
      return false;
    } finally {
      setSaving(false);
    }
  };

  const publish = async () => {
    setPublishing('busy');
    try {
      if (designer.view().dirty && !(await save())) return;
      const released = await flowApi.release(flowId);
      setInfo(released);
      infoRef.current = released;
      notify({ kind: 'success', title: t`已发布第 ${released.publishedVersion} 版` });
    } catch (e) {
      if (e instanceof ReleaseRefused) {
        setRefused({ doc: designer.view().state.doc, problems: e.problems });
        const first = e.problems.find((p) => p.nodeId || p.edgeId);
        if (first) designer.dispatch({ type: 'select', target: first.edgeId ? { kind: 'edge', id: first.edgeId } : { kind: 'node', id: first.nodeId! } });
        notify({ kind: 'error', title: t`发布失败：流程还有问题`, description: e.problems.map((p) => problemText(p.message)).join('；') });
      } else {
        const reason = e instanceof Error ? problemText(e.message) : String(e);
        notify({ kind: 'error', title: t`发布失败：${reason}` });
      }
    } finally {
      setPublishing(null);
    }
  };

  const codeLocked = info.publishedVersion > 0;
  const side = (children: ReactNode, w: string, edge: 'left' | 'right') => (
    <Box as="aside" w={w} flexShrink={0} minH="0" overflowY="auto" bg="bg" {...(edge === 'left' ? { borderRightWidth: '1px' } : { borderLeftWidth: '1px' })}>
      {children}
    </Box>
  );

  return (
    <FlowDesignerContext.Provider value={designer}>
      <ReactFlowProvider>
        <Flex direction="column" h={{ base: 'calc(100dvh - 88px)', md: 'calc(100dvh - 112px)' }} minH="440px" bg="bg" borderWidth="1px" rounded="l3" overflow="hidden" data-testid="flow-editor" data-flow={flowId}>
          <FlowToolbar
            info={info}
            refused={refused}
            online={online}
            saving={saving}
            narrow={narrow}
            onBack={onBack}
            onSave={() => void save()}
            onPublish={() => setPublishing('ask')}
            onPanel={setDrawer}
            onProblemShown={() => narrow && setDrawer('props')}
          />
          {pending ? <RestoreBanner copy={pending} newerOnServer={pending.version < info.version} onRestore={restore} onDiscard={discard} /> : null}
          <Flex flex="1" minH="0">
            {narrow ? null : side(<FlowPalette />, '180px', 'left')}
            <FlowCanvas narrow={narrow} />
            {narrow ? null : side(<PropertyPanel codeLocked={codeLocked} />, '320px', 'right')}
          </Flex>
        </Flex>
        {narrow ? (
          <>
            <PanelDrawer open={drawer === 'palette'} side="start" title={t`节点`} testId="flow-drawer-palette" onOpenChange={(o) => !o && setDrawer(null)}>
              <FlowPalette onPicked={() => setDrawer(null)} />
            </PanelDrawer>
            <PanelDrawer open={drawer === 'props'} side="end" title={t`属性`} testId="flow-drawer-props" onOpenChange={(o) => !o && setDrawer(null)}>
              <PropertyPanel codeLocked={codeLocked} />
            </PanelDrawer>
          </>
        ) : null}
        <PublishDialog open={publishing !== null} busy={publishing === 'busy'} nextVersion={info.publishedVersion + 1} onPublish={() => void publish()} onClose={() => publishing !== 'busy' && setPublishing(null)} />
        <ConflictDialog
          open={!!conflict}
          when={conflict?.current?.lastModifyTime ? formatDateTime(conflict.current.lastModifyTime) : null}
          onReload={() => {
            setConflict(null);
            onReload();
          }}
          onClose={() => setConflict(null)}
        />
      </ReactFlowProvider>
    </FlowDesignerContext.Provider>
  );
}
