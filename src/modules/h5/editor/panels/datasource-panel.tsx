import { useState } from 'react';
import { Badge, Box, Button, HStack, IconButton, Spinner, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Pencil, Plus, RefreshCw, Trash2 } from 'lucide-react';
import { useSnapshot } from 'valtio';
import { confirm } from '@/components/confirm';
import { formatDateTime } from '@/lib/format';
import { editorState } from '../../core/store';
import { LIST_BINDABLE } from '../../datasource/bind';
import { useEditorData } from '../../datasource/editor-data';
import { DATASOURCES_MAX, REFRESH_DEFAULT_SECONDS, refreshSeconds, type DatasourceDoc } from '../../datasource/kinds';
import { deleteDatasource, nextDatasourceName } from '../../datasource/ops';
import { DatasourceBinding } from './datasource-binding';
import { DatasourceDialog, TEMPLATE_EXAMPLE } from './datasource-dialog';
import { useDataErrorText, useKindNames } from './datasource-messages';
import { JsonPreview } from './json-preview';

/**
 * 数据源 (issue 19, spec 3 Datasource, 4): the work's datasources in the 页面 tab — each with its
 * kind, refresh and state (loading, its error, when it last loaded), 刷新 / 编辑 / 删除, 添加; the
 * page's shared data as it is now (read-only); and the list binding of the selected news list,
 * carousel or table. The datasources run while this section is shown (editor-data.ts).
 */

function newDraft(taken: readonly string[]): DatasourceDoc {
  return { id: '', name: nextDatasourceName(taken), url: '', type: 'STATIC', dependencies: [], relatedDsList: [], refreshType: 'once', refreshInterval: REFRESH_DEFAULT_SECONDS, pipe: '', json: '' };
}

export function DatasourcePanel() {
  const { t } = useLingui();
  const errorText = useDataErrorText();
  const kindNames = useKindNames();
  const snap = useSnapshot(editorState);
  const datasources = (snap.work?.datasources ?? []) as readonly DatasourceDoc[];
  const data = useEditorData(datasources);
  const [dialog, setDialog] = useState<{ ds: DatasourceDoc; isNew: boolean } | null>(null);
  const element = snap.editingElement;
  const full = datasources.length >= DATASOURCES_MAX;

  const remove = async (name: string) => {
    if (await confirm(t`删除数据源`, t`确定删除数据源「${name}」吗？绑定它的元素将不再显示其数据。`)) deleteDatasource(name);
  };

  return (
    <Stack gap="3" data-testid="ds-panel">
      <Stack gap="1">
        {datasources.length === 0 ? (
          <Text fontSize="xs" color="fg.muted">
            <Trans>还没有数据源</Trans>
          </Text>
        ) : null}
        {datasources.map((ds) => {
          const status = data.status(ds.id);
          const every = refreshSeconds(ds);
          return (
            <Box key={ds.id} borderWidth="1px" borderRadius="sm" px="2" py="1.5" data-testid="ds-row" data-name={ds.name}>
              <HStack gap="1">
                <Text fontSize="sm" fontWeight="medium" flex="1" minW="0" truncate>
                  {ds.name}
                </Text>
                {status.loading ? <Spinner size="xs" /> : null}
                <IconButton size="2xs" variant="ghost" aria-label={t`刷新`} onClick={() => void data.refresh(ds.id)} data-testid="ds-refresh">
                  <RefreshCw />
                </IconButton>
                <IconButton size="2xs" variant="ghost" aria-label={t`编辑`} onClick={() => setDialog({ ds, isNew: false })} data-testid="ds-edit">
                  <Pencil />
                </IconButton>
                <IconButton size="2xs" variant="ghost" aria-label={t`删除`} onClick={() => void remove(ds.name)} data-testid="ds-delete">
                  <Trash2 />
                </IconButton>
              </HStack>
              <HStack gap="1" fontSize="xs" color="fg.muted">
                <Badge size="xs">{kindNames[ds.type]}</Badge>
                <Text>{every === null ? t`单次触发` : t`每${every}秒更新`}</Text>
                {status.updatedAt && !status.error ? <Text>{t`${formatDateTime(status.updatedAt, 'HH:mm:ss')} 已更新`}</Text> : null}
              </HStack>
              {status.error ? (
                <Text fontSize="xs" color="fg.error" data-testid="ds-error">
                  {errorText(status.error)}
                </Text>
              ) : null}
            </Box>
          );
        })}
        <Button size="xs" variant="outline" disabled={full} onClick={() => setDialog({ ds: newDraft(datasources.map((d) => d.name)), isNew: true })} data-testid="ds-add">
          <Plus />
          <Trans>添加数据源</Trans>
        </Button>
      </Stack>

      <Text fontSize="xs" color="fg.muted">
        {t`文字、按钮、公告栏中写 ${TEMPLATE_EXAMPLE} 显示数据；数据出错时保留上一次成功的数据。`}
      </Text>
      <JsonPreview label={t`共享数据`} value={data.shared()} testId="ds-shared" />

      {element && LIST_BINDABLE[element.name] ? (
        <Stack gap="2">
          <Text fontSize="xs" fontWeight="medium">
            <Trans>选中元素的列表绑定</Trans>
          </Text>
          <DatasourceBinding element={element} />
        </Stack>
      ) : null}

      {dialog ? <DatasourceDialog initial={dialog.ds} isNew={dialog.isNew} onClose={() => setDialog(null)} /> : null}
    </Stack>
  );
}
