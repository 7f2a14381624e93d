import { Button, Flex, HStack, IconButton, Text } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowLeft, Eye, PanelLeft, PanelRight, PencilRuler, Save, Send } from 'lucide-react';
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
  const problems = view.problems.length;
  const offline = online ? undefined : t`需要联网`;
  return (
    <Flex wrap="wrap" gap="2" align="center" px="3" py="2" borderBottomWidth="1px" bg="bg" data-testid="od-design-toolbar">
      <HStack gap="2" flex="1" minW="0">
        <IconButton size="sm" variant="ghost" aria-label={t`返回`} onClick={onBack} data-testid="od-design-back">
          <ArrowLeft />
        </IconButton>
        <Text fontWeight="semibold" truncate data-testid="od-design-title">
          {view.state.doc.fullName || t`未命名功能`}
        </Text>
        <StatusBadge status={status} />
        {view.dirty ? (
          <Text fontSize="xs" color="fg.muted" flexShrink={0} data-testid="od-design-dirty">
            <Trans>未保存</Trans>
          </Text>
        ) : null}
      </HStack>
      <HStack gap="1" wrap="wrap">
        {narrow ? (
          <>
            <IconButton size="sm" variant="outline" aria-label={t`控件`} onClick={() => onPanel('palette')} data-testid="od-design-open-palette">
              <PanelLeft />
            </IconButton>
            <IconButton size="sm" variant="outline" aria-label={t`属性`} onClick={() => onPanel('props')} data-testid="od-design-open-props">
              <PanelRight />
            </IconButton>
          </>
        ) : null}
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
        {offline ? (
          <Text fontSize="xs" color="fg.muted" data-testid="od-design-offline">
            <Trans>需要联网</Trans>
          </Text>
        ) : null}
        <Button size="sm" variant="outline" colorPalette="brand" onClick={onSave} loading={saving} disabled={!online || !view.dirty} title={offline} data-testid="od-design-save">
          <Save />
          <Trans>保存</Trans>
        </Button>
        <Button
          size="sm"
          colorPalette="brand"
          onClick={onPublish}
          disabled={!online || problems > 0}
          title={offline ?? (problems ? t`请先解决 ${problems} 个问题` : undefined)}
          data-testid="od-design-publish"
        >
          <Send />
          <Trans>发布</Trans>
        </Button>
      </HStack>
    </Flex>
  );
}
