import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Box, Flex } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import type { ModelInfo, ModelRow } from '@/contracts/online-dev-model';
import { PanelDrawer } from '@/components/panel-drawer';
import { useNarrowScreen } from '@/components/use-media';
import { formatDateTime } from '@/lib/format';
import { network } from '@/lib/network';
import { notify } from '@/lib/notify';
import { FormServicesProvider } from '../../form/services';
import { docOf, ModelConflict, modelApi } from '../api';
import { createDesigner } from '../core/designer';
import { clearLocalCopy, createCopyKeeper, type LocalCopy } from '../local-copy';
import { DesignCanvas } from './canvas';
import { ConflictDialog, RestoreBanner } from './design-notes';
import { DesignToolbar } from './design-toolbar';
import { statusOf } from './model-status';
import { DndProvider } from './dnd';
import { PalettePanel } from './palette-panel';
import { DesignPreview } from './preview';
import { previewServices } from './preview-services';
import { PropertyPanel } from './property-panel';
import { PublishDialog } from './publish-dialog';
import { DesignerContext, DesignerModelContext } from './use-designer';
import { useDesignKeys } from './use-design-keys';

const rowOf = ({ draft: _draft, ...row }: ModelInfo): ModelRow => row;

export interface DesignEditorProps {
  info: ModelInfo;
  /** A working copy kept on this device that differs from the server's draft: offered back. */
  pendingCopy?: LocalCopy | null;
  /** Opened from this device's copy (the server could not be reached): unsaved until saved. */
  fromCopy?: boolean;
  onBack(): void;
  /** Reads the model from the server again (after a conflict). */
  onReload(): void;
}

/**
 * The model designer: the palette (left), the canvas or the preview (centre), the property panel
 * (right) — drawers on a narrow screen — and the toolbar. Saving and publishing need the server;
 * the working copy is kept on this device as the administrator edits.
 */
export function DesignEditor({ info: loaded, pendingCopy = null, fromCopy = false, onBack, onReload }: DesignEditorProps) {
  const { t } = useLingui();
  const narrow = useNarrowScreen();
  const online = useSnapshot(network).online;
  const [info, setInfo] = useState<ModelInfo>(loaded);
  const designer = useMemo(() => createDesigner(docOf(loaded), fromCopy ? { saved: null } : {}), [loaded, fromCopy]);
  const [pending, setPending] = useState<LocalCopy | null>(pendingCopy);
  const [preview, setPreview] = useState(false);
  const [saving, setSaving] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const [conflict, setConflict] = useState<ModelConflict | null>(null);
  const [drawer, setDrawer] = useState<'palette' | 'props' | null>(null);
  const [dirty, setDirty] = useState(designer.view().dirty);
  const infoRef = useRef(info);
  infoRef.current = info;
  const modelId = loaded.id;
  const services = useMemo(() => previewServices(), []);

  // The working copy follows the document (once a copy offered back was restored or discarded).
  const keeper = useMemo(() => createCopyKeeper(modelId, () => rowOf(infoRef.current)), [modelId]);
  useEffect(() => {
    let doc = designer.view().state.doc;
    return designer.subscribe(() => {
      const v = designer.view();
      setDirty(v.dirty);
      if (v.state.doc === doc) return;
      doc = v.state.doc;
      if (!pending) keeper.keep(doc, v.dirty);
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
  useDesignKeys(designer, !publishing);

  const restore = () => {
    if (!pending) return;
    designer.dispatch({ type: 'replaceDoc', doc: pending.doc });
    setPending(null);
    keeper.keep(designer.view().state.doc, designer.view().dirty);
  };
  const discard = () => {
    setPending(null);
    void clearLocalCopy(modelId);
  };

  const save = async (): Promise<boolean> => {
    const doc = designer.view().state.doc;
    setSaving(true);
    try {
      const saved = await modelApi.save(modelId, doc, infoRef.current.version);
      setInfo(saved);
      infoRef.current = saved;
      designer.markSaved(doc);
      keeper.cancel();
      await clearLocalCopy(modelId);
      setPending(null);
      // Edits made while the save was on its way stay unsaved (and kept here).
      const now = designer.view();
      if (now.dirty) keeper.keep(now.state.doc, true);
      notify({ kind: 'success', title: t`已保存` });
      return true;
    } catch (e) {
      if (e instanceof ModelConflict) {
        // These edits are kept on this device before anything else happens.
        keeper.keep(doc, true);
        await keeper.flush();
        setConflict(e);
      } else {
        const reason = e instanceof Error ? e.message : String(e);
        notify({ kind: 'error', title: t`保存失败：${reason}` });
      }
      return false;
    } finally {
      setSaving(false);
    }
  };

  const status = statusOf(info, dirty);
  const codeLocked = info.publishedVersion > 0;
  const side = (children: ReactNode, w: string, edge: 'left' | 'right') => (
    <Box as="aside" w={w} flexShrink={0} minH="0" overflowY="auto" bg="bg" {...(edge === 'left' ? { borderRightWidth: '1px' } : { borderLeftWidth: '1px' })}>
      {children}
    </Box>
  );

  return (
    <DesignerContext.Provider value={designer}>
      <DesignerModelContext.Provider value={modelId}>
        <FormServicesProvider services={services}>
          <DndProvider>
            <Flex direction="column" h={{ base: 'calc(100dvh - 88px)', md: 'calc(100dvh - 112px)' }} minH="440px" bg="bg" borderWidth="1px" rounded="l3" overflow="hidden" data-testid="od-design-view" data-model={modelId}>
              <DesignToolbar
                status={status}
                online={online}
                saving={saving}
                preview={preview}
                narrow={narrow}
                onBack={onBack}
                onSave={() => void save()}
                onPublish={() => setPublishing(true)}
                onPreview={setPreview}
                onPanel={setDrawer}
              />
              {pending ? <RestoreBanner copy={pending} newerOnServer={pending.version < info.version} onRestore={restore} onDiscard={discard} /> : null}
              <Flex flex="1" minH="0">
                {narrow ? null : side(<PalettePanel />, '236px', 'left')}
                {preview ? <DesignPreview modelId={modelId} /> : <DesignCanvas />}
                {narrow ? null : side(<PropertyPanel codeLocked={codeLocked} />, '340px', 'right')}
              </Flex>
            </Flex>
            {narrow ? (
              <>
                <PanelDrawer open={drawer === 'palette'} side="start" title={t`控件`} testId="od-design-drawer-palette" onOpenChange={(o) => !o && setDrawer(null)}>
                  <PalettePanel onPicked={() => setDrawer(null)} />
                </PanelDrawer>
                <PanelDrawer open={drawer === 'props'} side="end" title={t`属性`} testId="od-design-drawer-props" onOpenChange={(o) => !o && setDrawer(null)}>
                  <PropertyPanel codeLocked={codeLocked} />
                </PanelDrawer>
              </>
            ) : null}
            <PublishDialog
              open={publishing}
              modelId={modelId}
              info={info}
              beforePublish={async () => (designer.view().dirty ? save() : true)}
              onPublished={(published) => {
                setInfo(published);
                infoRef.current = published;
              }}
              onClose={() => setPublishing(false)}
            />
            <ConflictDialog
              open={!!conflict}
              when={conflict?.current ? formatDateTime(conflict.current.lastModifyTime) : null}
              onReload={() => {
                setConflict(null);
                onReload();
              }}
              onClose={() => setConflict(null)}
            />
          </DndProvider>
        </FormServicesProvider>
      </DesignerModelContext.Provider>
    </DesignerContext.Provider>
  );
}
