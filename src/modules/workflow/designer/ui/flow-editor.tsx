import { useEffect, useMemo, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { ReactFlowProvider } from '@xyflow/react';
import { useSnapshot } from 'valtio';
import type { FlowInfo } from '@/contracts/workflow';
import { DesignerFrame, type DesignerDrawer } from '@/components/designer/frame';
import { useNarrowScreen } from '@/components/use-media';
import { formatDateTime } from '@/lib/format';
import { network } from '@/lib/network';
import { notify } from '@/lib/notify';
import { keyBelongsToFocus } from '@/lib/shortcuts';
import { useWorkingCopy } from '@/lib/use-working-copy';
import { docOf, flowApi, FlowConflict, formFieldsOf, ReleaseRefused } from '../api';
import { actionForKey } from '../core/actions';
import { createFlowDesigner, type FlowDesigner } from '../core/designer';
import * as localCopies from '../local-copy';
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
  pendingCopy?: localCopies.LocalCopy | null;
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
  const designer = useMemo(() => createFlowDesigner(docOf(loaded), fromCopy ? { saved: null } : {}), [loaded, fromCopy]);
  const flowId = loaded.id;
  const { info, setInfo, pending, restore, discard, saving, save, conflict, closeConflict } = useWorkingCopy({
    designer,
    loaded,
    pendingCopy,
    copies: localCopies,
    rowOf,
    save: (doc, version) => flowApi.save(flowId, doc, version),
    isConflict: (e) => e instanceof FlowConflict,
    onSaved: () => notify({ kind: 'success', title: t`已保存` }),
    onSaveFailed: (e) => {
      const reason = e instanceof Error ? problemText(e.message) : String(e);
      notify({ kind: 'error', title: t`保存失败：${reason}` });
    },
  });
  const [publishing, setPublishing] = useState<'ask' | 'busy' | null>(null);
  const [drawer, setDrawer] = useState<DesignerDrawer | null>(null);
  const [formId, setFormId] = useState(loaded.draft.formId);
  // Problems a refused release named, shown until the document changes.
  const [refused, setRefused] = useState<RefusedRelease | null>(null);

  useEffect(() => designer.subscribe(() => setFormId(designer.view().state.doc.draft.formId)), [designer]);
  useFlowKeys(designer, publishing === null && !conflict);
  useFormFields(designer, formId);

  const publish = async () => {
    setPublishing('busy');
    try {
      if (designer.view().dirty && !(await save())) return;
      const released = await flowApi.release(flowId);
      setInfo(released);
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

  return (
    <FlowDesignerContext.Provider value={designer}>
      <ReactFlowProvider>
        <DesignerFrame
          testId="flow-editor"
          data={{ 'data-flow': flowId }}
          drawerTestIdPrefix="flow-drawer"
          narrow={narrow}
          toolbar={
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
          }
          banner={pending ? <RestoreBanner copy={pending} newerOnServer={pending.version < info.version} onRestore={restore} onDiscard={discard} /> : null}
          palette={(onPicked) => <FlowPalette onPicked={onPicked} />}
          paletteTitle={t`节点`}
          paletteWidth="180px"
          properties={<PropertyPanel codeLocked={codeLocked} />}
          propertiesWidth="320px"
          drawer={drawer}
          onDrawer={setDrawer}
        >
          <FlowCanvas narrow={narrow} />
        </DesignerFrame>
        <PublishDialog open={publishing !== null} busy={publishing === 'busy'} nextVersion={info.publishedVersion + 1} onPublish={() => void publish()} onClose={() => publishing !== 'busy' && setPublishing(null)} />
        <ConflictDialog
          open={!!conflict}
          when={conflict?.current?.lastModifyTime ? formatDateTime(conflict.current.lastModifyTime) : null}
          onReload={() => {
            closeConflict();
            onReload();
          }}
          onClose={closeConflict}
        />
      </ReactFlowProvider>
    </FlowDesignerContext.Provider>
  );
}
