import { useId, useState, type ReactNode } from 'react';
import { Alert, Button, CloseButton, Drawer, Portal, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ModelConfig, RecordRow } from '@/contracts/online-dev-model';
import { DialogFrame } from '@/components/dialog-frame';
import { FormFooter } from '@/components/form-dialog';
import { queued } from '@/components/queued-feedback';
import { usePagePermission } from '@/modules/auth/public';
import { ModelForm } from '../form/model-form';
import { discardRefused, saveRecord } from '../data/store';

export type RecordDialogState = { mode: 'create' } | { mode: 'edit' | 'detail'; row: RecordRow };

interface FrameProps {
  open: boolean;
  onClose(): void;
  title: ReactNode;
  footer: ReactNode;
  children: ReactNode;
}

/** The model's form opens in a dialog, or (popup 'drawer', wide forms) in a panel from the right, full width on a phone. */
function RecordFrame({ drawer, ...p }: FrameProps & { drawer: boolean }) {
  const { t } = useLingui();
  if (!drawer) return <DialogFrame open={p.open} onClose={p.onClose} title={p.title} size="lg" testId="od-record-dialog" footer={p.footer}>{p.children}</DialogFrame>;
  return (
    <Drawer.Root open={p.open} onOpenChange={(e) => !e.open && p.onClose()} placement="end" size={{ base: 'full', md: 'lg' }} lazyMount unmountOnExit>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="od-record-dialog">
            <Drawer.Header>
              <Drawer.Title>{p.title}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>{p.children}</Drawer.Body>
            <Drawer.Footer gap="2">{p.footer}</Drawer.Footer>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t`关闭`} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

/**
 * A record of the model: 新建, 编辑 (also of a record whose write the server refused: the reason on
 * top, 放弃这次修改 to drop it) and 详情. Saving goes through the sync queue and tells what became of
 * it: accepted, refused (the form stays as typed), or saved on this device to sync later.
 */
export function RecordDialog({ config, state, failed, onClose }: { config: ModelConfig; state: RecordDialogState | null; failed?: string; onClose(): void }) {
  const { t } = useLingui();
  const formId = useId();
  const perm = usePagePermission();
  const [saving, setSaving] = useState(false);
  const [editing, setEditing] = useState<RecordRow | null>(null);
  const mode = editing ? 'edit' : (state?.mode ?? 'create');
  const row = editing ?? (state && 'row' in state ? state.row : null);
  const close = () => {
    setEditing(null);
    onClose();
  };
  const submit = async (values: Record<string, unknown>) => {
    setSaving(true);
    try {
      if (await queued('save', () => saveRecord(config, values, row))) close();
    } finally {
      setSaving(false);
    }
  };
  const title = mode === 'create' ? t`新建${config.fullName}` : mode === 'edit' ? t`编辑${config.fullName}` : t`${config.fullName}详情`;
  const canEdit = config.list.buttons.includes('btn_edit') && perm.button('btn_edit');
  const footer =
    mode === 'detail' ? (
      <>
        <Button variant="outline" onClick={close}>
          <Trans>关闭</Trans>
        </Button>
        {canEdit && row ? (
          <Button colorPalette="brand" onClick={() => setEditing(row)} data-testid="od-record-edit">
            <Trans>编辑</Trans>
          </Button>
        ) : null}
      </>
    ) : (
      <FormFooter formId={formId} onCancel={close} submitting={saving} offlineNote submitTestId="od-record-save" />
    );
  return (
    <RecordFrame drawer={config.form.popup === 'drawer'} open={!!state} onClose={close} title={title} footer={footer}>
      <Stack gap="4">
        {failed !== undefined && mode !== 'create' && row ? (
          <Alert.Root status="error" data-testid="od-record-failed">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{failed ? t`服务器拒绝了这次修改：${failed}` : t`服务器拒绝了这次修改`}</Alert.Title>
              <Alert.Description>
                <Trans>改正后保存会重新提交；也可以放弃这次修改。</Trans>
              </Alert.Description>
            </Alert.Content>
            <Button
              size="xs"
              variant="outline"
              alignSelf="center"
              onClick={() => {
                void discardRefused(row).then(close);
              }}
              data-testid="od-record-discard"
            >
              <Trans>放弃这次修改</Trans>
            </Button>
          </Alert.Root>
        ) : null}
        {state ? <ModelForm key={`${mode}:${row?.id ?? 'new'}`} modelId={config.id} form={config.form} mode={mode} values={row ?? undefined} formId={formId} onSubmit={submit} /> : null}
      </Stack>
    </RecordFrame>
  );
}
