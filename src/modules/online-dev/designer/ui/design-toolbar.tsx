import { Button, IconButton } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Eye, PencilRuler } from 'lucide-react';
import { DesignerToolbar } from '@/components/designer/toolbar';
import { withShortcut } from '@/lib/shortcuts';
import { designAction } from '../core/actions';
import { DesignIcon } from './icons';
import { StatusBadge, type ModelStatus } from './model-status';
import { ProblemsButton } from './problems-button';
import { useDesigner, useDesignerView } from './use-designer';

export interface DesignToolbarProps {
  status: ModelStatus;
  online: boolean;
  saving: boolean;
  preview: boolean;
  narrow: boolean;
  onBack(): void;
  onSave(): void;
  onPublish(): void;
  onPreview(on: boolean): void;
  onPanel(side: 'palette' | 'props'): void;
}

/** The designer's bar: back, the model's name and state, 撤销 / 重做, 预览, the problems, 保存 and 发布 (online only). */
export function DesignToolbar({ status, online, saving, preview, narrow, onBack, onSave, onPublish, onPreview, onPanel }: DesignToolbarProps) {
  const { t } = useLingui();
  const designer = useDesigner();
  const view = useDesignerView();
  return (
    <DesignerToolbar
      testIdPrefix="od-design"
      title={view.state.doc.fullName || t`未命名功能`}
      badge={<StatusBadge status={status} />}
      dirty={view.dirty}
      online={online}
      saving={saving}
      narrow={narrow}
      paletteLabel={t`控件`}
      problemCount={view.problems.length}
      onBack={onBack}
      onSave={onSave}
      onPublish={onPublish}
      onPanel={onPanel}
      tools={
        <>
          {(['undo', 'redo'] as const).map((id) => {
            const a = designAction(id);
            return (
              <IconButton key={id} size="sm" variant="ghost" aria-label={i18n._(a.label)} title={withShortcut(i18n._(a.label), a)} disabled={!a.visible(view, null)} onClick={() => a.perform(designer, null)} data-testid={`od-design-${id}`}>
                <DesignIcon name={a.icon} size={16} />
              </IconButton>
            );
          })}
          <Button size="sm" variant={preview ? 'solid' : 'outline'} colorPalette={preview ? 'brand' : undefined} onClick={() => onPreview(!preview)} aria-pressed={preview} data-testid="od-design-preview">
            {preview ? <PencilRuler /> : <Eye />}
            {preview ? <Trans>返回设计</Trans> : <Trans>预览</Trans>}
          </Button>
          <ProblemsButton onShown={() => onPreview(false)} />
        </>
      }
    />
  );
}
