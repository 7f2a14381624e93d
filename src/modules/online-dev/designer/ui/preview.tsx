import { useId, useState } from 'react';
import { Box, Button, Flex, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CircleCheck, Folder, Plus, Search } from 'lucide-react';
import { valueFields, type ModelDefinition } from '@/contracts/online-dev-model';
import { columnLabel } from '../core/list-settings';
import { sampleRows } from '../core/sample-rows';
import { buttonName } from '../messages';
import { ModelForm } from '../../form/model-form';
import { RenderBoundary } from './boundary';
import { useDesignerView } from './use-designer';

const revisions = new WeakMap<object, number>();
let lastRevision = 0;
/** A number per form definition object (a change makes a new object). */
function revisionOf(form: object): number {
  let n = revisions.get(form);
  if (n === undefined) revisions.set(form, (n = ++lastRevision));
  return n;
}

/**
 * 预览: the form as users will see it (the real renderer, in create mode; 提交 only checks and says
 * 校验通过) and the list with its search bar, buttons, columns and two sample rows.
 */
export function DesignPreview({ modelId }: { modelId: string }) {
  const view = useDesignerView();
  const def = view.state.doc.draft;
  // The form reads its start values when it mounts: a changed definition mounts a new one.
  const revision = revisionOf(def.form);
  return (
    <Stack flex="1" minW="0" overflowY="auto" bg="bg.subtle" p={{ base: '2', md: '4' }} gap="4" data-testid="od-design-preview">
      <Box maxW="4xl" w="full" mx="auto" bg="bg" borderWidth="1px" rounded="l3" p={{ base: '3', md: '4' }}>
        <Text fontWeight="semibold" mb="3">
          <Trans>表单预览</Trans>
        </Text>
        <RenderBoundary
          key={revision}
          fallback={
            <Text color="fg.error" fontSize="sm">
              <Trans>表单还不能预览：请先解决问题列表中的问题。</Trans>
            </Text>
          }
        >
          <FormPreview modelId={modelId} def={def} />
        </RenderBoundary>
      </Box>
      <Box maxW="6xl" w="full" mx="auto" bg="bg" borderWidth="1px" rounded="l3" p={{ base: '3', md: '4' }}>
        <Text fontWeight="semibold" mb="3">
          <Trans>列表预览</Trans>
        </Text>
        <ListPreview def={def} />
      </Box>
    </Stack>
  );
}

function FormPreview({ modelId, def }: { modelId: string; def: ModelDefinition }) {
  const formId = useId();
  const [checked, setChecked] = useState(false);
  return (
    <>
      <ModelForm modelId={modelId} form={def.form} mode="create" formId={formId} onSubmit={() => setChecked(true)} testId="od-preview-form" />
      <HStack mt="4" gap="3">
        <Button type="submit" form={formId} size="sm" colorPalette="brand" onClick={() => setChecked(false)} data-testid="od-preview-submit">
          <Trans>提交</Trans>
        </Button>
        {checked ? (
          <HStack color="fg.success" fontSize="sm" gap="1" data-testid="od-preview-valid">
            <CircleCheck size={16} />
            <Trans>校验通过</Trans>
          </HStack>
        ) : (
          <Text fontSize="xs" color="fg.muted">
            <Trans>预览中提交只校验，不保存。</Trans>
          </Text>
        )}
      </HStack>
    </>
  );
}

function ListPreview({ def }: { def: ModelDefinition }) {
  const { t } = useLingui();
  const { list } = def;
  const rows = sampleRows(def);
  const byKey = new Map(valueFields(def.form.fields).map((f) => [f.key, f]));
  const rowButtons = list.buttons.filter((b) => b === 'btn_edit' || b === 'btn_remove' || b === 'btn_detail');
  const barButtons = list.buttons.filter((b) => b === 'btn_add' || b === 'btn_export');
  return (
    <Flex gap="3" direction={{ base: 'column', md: 'row' }} data-testid="od-preview-list">
      {list.tree ? (
        <Box w={{ base: 'full', md: '48' }} flexShrink={0} borderWidth="1px" rounded="l2" p="2" fontSize="sm" data-testid="od-preview-tree">
          <Text fontSize="xs" color="fg.muted" mb="1">
            {list.tree.source === 'org' ? <Trans>组织机构</Trans> : t`数据字典：${list.tree.dictionary}`}
          </Text>
          {[t`全部`, t`节点一`, t`节点二`].map((n) => (
            <HStack key={n} gap="1" py="0.5">
              <Folder size={14} />
              <Text>{n}</Text>
            </HStack>
          ))}
        </Box>
      ) : null}
      <Stack flex="1" minW="0" gap="3">
        <Flex gap="2" wrap="wrap" align="center">
          {list.keywordFields.length ? (
            <HStack borderWidth="1px" rounded="l2" px="2" h="8" w={{ base: 'full', sm: '56' }} color="fg.subtle" fontSize="sm">
              <Search size={14} />
              <Text truncate>{t`请输入关键词查询`}</Text>
            </HStack>
          ) : null}
          {list.searchFields.map((k) => (
            <Input key={k} size="sm" w={{ base: 'full', sm: '40' }} placeholder={byKey.get(k)?.label ?? k} readOnly data-testid="od-preview-search" />
          ))}
          <Box flex="1" />
          {barButtons.map((b) => (
            <Button key={b} size="sm" variant={b === 'btn_add' ? 'solid' : 'outline'} colorPalette="brand" data-testid={`od-preview-${b}`}>
              {b === 'btn_add' ? <Plus /> : null}
              {buttonName(b)}
            </Button>
          ))}
        </Flex>
        <Box overflowX="auto" borderWidth="1px" rounded="l2">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                {list.columns.map((c) => (
                  <Table.ColumnHeader key={c.key} w={c.width ? `${c.width}px` : undefined} textAlign={c.align === 'right' ? 'end' : c.align === 'center' ? 'center' : 'start'} whiteSpace="nowrap">
                    {columnLabel(def, c)}
                  </Table.ColumnHeader>
                ))}
                {rowButtons.length ? <Table.ColumnHeader textAlign="end">{t`操作`}</Table.ColumnHeader> : null}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((r) => (
                <Table.Row key={r.id} data-testid="od-preview-row">
                  {list.columns.map((c) => (
                    <Table.Cell key={c.key} textAlign={c.align === 'right' ? 'end' : c.align === 'center' ? 'center' : 'start'} whiteSpace="nowrap">
                      {r[c.key]}
                    </Table.Cell>
                  ))}
                  {rowButtons.length ? (
                    <Table.Cell textAlign="end" whiteSpace="nowrap">
                      <HStack gap="2" justify="flex-end" color="brand.fg">
                        {rowButtons.map((b) => (
                          <Text key={b}>{buttonName(b)}</Text>
                        ))}
                      </HStack>
                    </Table.Cell>
                  ) : null}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
          {list.columns.length === 0 ? (
            <Text fontSize="sm" color="fg.muted" p="3">
              <Trans>列表还没有列：在列表设置中选择要显示的字段。</Trans>
            </Text>
          ) : null}
        </Box>
        <Text fontSize="xs" color="fg.muted" textAlign="end">
          {t`共 ${rows.length} 条，每页 ${list.pageSize} 条`}
        </Text>
      </Stack>
    </Flex>
  );
}
