import type { ReactNode } from 'react';
import { Button, Flex, HStack, IconButton, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowLeft, PanelLeft, PanelRight, Save, Send } from 'lucide-react';

export interface DesignerToolbarProps {
  /** Test ids: `<testIdPrefix>-toolbar`, `-back`, `-title`, `-dirty`, `-open-palette`, `-open-props`, `-offline`, `-save`, `-publish`. */
  testIdPrefix: string;
  title: ReactNode;
  /** The document's state, after the title. */
  badge: ReactNode;
  dirty: boolean;
  online: boolean;
  saving: boolean;
  /** A narrow screen: buttons open the palette and the properties as drawers. */
  narrow: boolean;
  /** The palette button's label (what the palette holds). */
  paletteLabel: string;
  /** The designer's own tools (undo / redo, …) and its problems button, before 保存. */
  tools: ReactNode;
  /** The problems that keep it from being published. */
  problemCount: number;
  /** Why there is nothing to publish, when there is not. */
  nothingToPublish?: string;
  onBack(): void;
  onSave(): void;
  onPublish(): void;
  onPanel(side: 'palette' | 'props'): void;
}

/** A designer's bar: back, the document's name and state, its tools, 保存 and 发布 (online only). */
export function DesignerToolbar({ testIdPrefix: p, title, badge, dirty, online, saving, narrow, paletteLabel, tools, problemCount, nothingToPublish, onBack, onSave, onPublish, onPanel }: DesignerToolbarProps) {
  const { t } = useLingui();
  const offline = online ? undefined : t`需要联网`;
  return (
    <Flex wrap="wrap" gap="2" align="center" px="3" py="2" borderBottomWidth="1px" bg="bg" data-testid={`${p}-toolbar`}>
      <HStack gap="2" flex="1" minW="0">
        <IconButton size="sm" variant="ghost" aria-label={t`返回`} onClick={onBack} data-testid={`${p}-back`}>
          <ArrowLeft />
        </IconButton>
        <Text fontWeight="semibold" truncate data-testid={`${p}-title`}>
          {title}
        </Text>
        {badge}
        {dirty ? (
          <Text fontSize="xs" color="fg.muted" flexShrink={0} data-testid={`${p}-dirty`}>
            <Trans>未保存</Trans>
          </Text>
        ) : null}
      </HStack>
      <HStack gap="1" wrap="wrap">
        {narrow ? (
          <>
            <IconButton size="sm" variant="outline" aria-label={paletteLabel} onClick={() => onPanel('palette')} data-testid={`${p}-open-palette`}>
              <PanelLeft />
            </IconButton>
            <IconButton size="sm" variant="outline" aria-label={t`属性`} onClick={() => onPanel('props')} data-testid={`${p}-open-props`}>
              <PanelRight />
            </IconButton>
          </>
        ) : null}
        {tools}
        {offline ? (
          <Text fontSize="xs" color="fg.muted" data-testid={`${p}-offline`}>
            <Trans>需要联网</Trans>
          </Text>
        ) : null}
        <Button size="sm" variant="outline" colorPalette="brand" onClick={onSave} loading={saving} disabled={!online || !dirty} title={offline} data-testid={`${p}-save`}>
          <Save />
          <Trans>保存</Trans>
        </Button>
        <Button
          size="sm"
          colorPalette="brand"
          onClick={onPublish}
          disabled={!online || problemCount > 0 || !!nothingToPublish}
          title={offline ?? (problemCount ? t`请先解决 ${problemCount} 个问题` : nothingToPublish)}
          data-testid={`${p}-publish`}
        >
          <Send />
          <Trans>发布</Trans>
        </Button>
      </HStack>
    </Flex>
  );
}
