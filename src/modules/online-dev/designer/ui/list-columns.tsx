import { Box, Button, HStack, IconButton, Input, Stack, Text, Wrap } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowDown, ArrowUp, Wand } from 'lucide-react';
import type { ListColumnConfig, ListConfig } from '@/contracts/online-dev-model';
import { columnChoices, columnLabel, moveColumn, sortChoices, suggestedList, toggleColumn, updateColumn, type ListChoice } from '../core/list-settings';
import { systemColumnName } from '../messages';
import { CheckOption, PropSection, SelectBox, SwitchProp } from './prop-controls';
import { useDesigner, useDesignerView } from './use-designer';

/** Chips to tick: the fields a setting may use, ticked when used. */
export function CheckList({ choices, value, onToggle, testId }: { choices: readonly ListChoice[]; value: readonly string[]; onToggle(key: string): void; testId: string }) {
  if (!choices.length) {
    return (
      <Text fontSize="xs" color="fg.muted" data-testid={testId}>
        <Trans>表单中还没有可用的字段</Trans>
      </Text>
    );
  }
  return (
    <Wrap gap="2" data-testid={testId}>
      {choices.map((c) => (
        <CheckOption key={c.key} checked={value.includes(c.key)} onChange={() => onToggle(c.key)} label={c.system ? systemColumnName(c.key) : c.label} testId={`${testId}-${c.key}`} />
      ))}
    </Wrap>
  );
}

/** 列表列: which fields the list shows, in which order, with their header, width, alignment and sorting. */
export function ListColumnsSection() {
  const { t } = useLingui();
  const designer = useDesigner();
  const view = useDesignerView();
  const def = view.state.doc.draft;
  const list = def.list;
  const update = (patch: Partial<ListConfig>, typed?: string) => designer.dispatch({ type: 'updateList', patch, merge: typed ? `list:${typed}` : undefined });
  const sortable = new Set(sortChoices(def).map((c) => c.key));
  const setColumn = (key: string, patch: Partial<Omit<ListColumnConfig, 'key'>>, typed?: string) => update(updateColumn(list, key, patch), typed ? `${typed}:${key}` : undefined);
  return (
    <PropSection
      title={<Trans>列表列</Trans>}
      action={
        list.columns.length === 0 ? (
          <Button size="2xs" variant="ghost" onClick={() => update(suggestedList(def))} data-testid="od-list-suggest">
            <Wand />
            <Trans>按表单生成</Trans>
          </Button>
        ) : null
      }
    >
      <CheckList choices={columnChoices(def)} value={list.columns.map((c) => c.key)} onToggle={(key) => update(toggleColumn(list, key))} testId="od-list-columns" />
      <Stack gap="2" data-testid="od-list-column-settings">
        {list.columns.map((c, i) => (
          <Box key={c.key} borderWidth="1px" rounded="l2" p="2" data-testid="od-list-column" data-key={c.key}>
            <HStack gap="1" mb="1">
              <Text fontSize="xs" fontWeight="medium" flex="1" truncate>
                {columnLabel(def, c)}
                <Text as="span" color="fg.muted" ms="1" fontFamily="mono">
                  {c.key}
                </Text>
              </Text>
              <IconButton size="2xs" variant="ghost" aria-label={t`上移`} disabled={i === 0} onClick={() => update(moveColumn(list, c.key, -1))} data-testid="od-list-column-up">
                <ArrowUp />
              </IconButton>
              <IconButton size="2xs" variant="ghost" aria-label={t`下移`} disabled={i === list.columns.length - 1} onClick={() => update(moveColumn(list, c.key, 1))} data-testid="od-list-column-down">
                <ArrowDown />
              </IconButton>
            </HStack>
            <HStack gap="1">
              <Input size="xs" value={c.label ?? ''} placeholder={t`列标题`} onChange={(e) => setColumn(c.key, { label: e.target.value }, 'label')} onBlur={() => designer.seal()} aria-label={t`列标题`} data-testid="od-list-column-label" />
              <Input
                size="xs"
                w="16"
                flexShrink={0}
                type="number"
                min={40}
                max={1000}
                value={c.width ?? ''}
                placeholder={t`宽度`}
                onChange={(e) => setColumn(c.key, { width: e.target.value ? Math.max(40, Math.min(1000, Math.round(Number(e.target.value)))) : undefined }, 'width')}
                aria-label={t`列宽`}
                data-testid="od-list-column-width"
              />
              <Box w="20" flexShrink={0}>
                <SelectBox
                  value={c.align ?? 'left'}
                  choices={[
                    { value: 'left', label: t`居左` },
                    { value: 'center', label: t`居中` },
                    { value: 'right', label: t`居右` },
                  ]}
                  onChange={(v) => setColumn(c.key, { align: v === 'left' ? undefined : (v as ListColumnConfig['align']) })}
                  testId="od-list-column-align"
                  label={t`对齐`}
                />
              </Box>
            </HStack>
            {sortable.has(c.key) ? (
              <Box mt="1">
                <SwitchProp label={t`可排序`} checked={!!c.sortable} onChange={(v) => setColumn(c.key, { sortable: v || undefined })} testId="od-list-column-sortable" />
              </Box>
            ) : null}
          </Box>
        ))}
      </Stack>
    </PropSection>
  );
}
