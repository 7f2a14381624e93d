import { useMemo, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import type { ModelInfo, ModelRow } from '@/contracts/online-dev-model';
import { DesignerFrame, type DesignerDrawer } from '@/components/designer/frame';
import { useNarrowScreen } from '@/components/use-media';
import { formatDateTime } from '@/lib/format';
import { network } from '@/lib/network';
import { notify } from '@/lib/notify';
import { useWorkingCopy } from '@/lib/use-working-copy';
import { FormServicesProvider } from '../../form/services';
import { docOf, ModelConflict, modelApi } from '../api';
import { createDesigner } from '../core/designer';
import * as localCopies from '../local-copy';
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
  pendingCopy?: localCopies.LocalCopy | null;
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
  const designer = useMemo(() => createDesigner(docOf(loaded), fromCopy ? { saved: null } : {}), [loaded, fromCopy]);
  const modelId = loaded.id;
  const { info, setInfo, pending, restore, discard, dirty, saving, save, conflict, closeConflict } = useWorkingCopy({
    designer,
    loaded,
    pendingCopy,
    copies: localCopies,
    rowOf,
    save: (doc, version) => modelApi.save(modelId, doc, version),
    isConflict: (e) => e instanceof ModelConflict,
    onSaved: () => notify({ kind: 'success', title: t`已保存` }),
    onSaveFailed: (e) => {
      const reason = e instanceof Error ? e.message : String(e);
      notify({ kind: 'error', title: t`保存失败：${reason}` });
    },
  });
  const [preview, setPreview] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const [drawer, setDrawer] = useState<DesignerDrawer | null>(null);
  const services = useMemo(() => previewServices(), []);
  useDesignKeys(designer, !publishing);

  const status = statusOf(info, dirty);
  const codeLocked = info.publishedVersion > 0;

  return (
    <DesignerContext.Provider value={designer}>
      <DesignerModelContext.Provider value={modelId}>
        <FormServicesProvider services={services}>
          <DndProvider>
            <DesignerFrame
              testId="od-design-view"
              data={{ 'data-model': modelId }}
              drawerTestIdPrefix="od-design-drawer"
              narrow={narrow}
              toolbar={
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
              }
              banner={pending ? <RestoreBanner copy={pending} newerOnServer={pending.version < info.version} onRestore={restore} onDiscard={discard} /> : null}
              palette={(onPicked) => <PalettePanel onPicked={onPicked} />}
              paletteTitle={t`控件`}
              paletteWidth="236px"
              properties={<PropertyPanel codeLocked={codeLocked} />}
              propertiesWidth="340px"
              drawer={drawer}
              onDrawer={setDrawer}
            >
              {preview ? <DesignPreview modelId={modelId} /> : <DesignCanvas />}
            </DesignerFrame>
            <PublishDialog
              open={publishing}
              modelId={modelId}
              info={info}
              beforePublish={async () => (designer.view().dirty ? save() : true)}
              onPublished={setInfo}
              onClose={() => setPublishing(false)}
            />
            <ConflictDialog
              open={!!conflict}
              when={conflict?.current ? formatDateTime(conflict.current.lastModifyTime) : null}
              onReload={() => {
                closeConflict();
                onReload();
              }}
              onClose={closeConflict}
            />
          </DndProvider>
        </FormServicesProvider>
      </DesignerModelContext.Provider>
    </DesignerContext.Provider>
  );
}
