import { useState } from 'react';
import { Button, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowDown, ArrowUp, Plus, Settings2, Trash2 } from 'lucide-react';
import type { ControlType } from '@/contracts/online-dev';
import { TABLE_CELL_TYPES, TABLE_COLUMNS_MAX, type ModelField } from '@/contracts/online-dev-model';
import { controlName } from '../core/palette';
import { PropSection, SelectBox } from './prop-controls';
import { useDesigner } from './use-designer';

/** 子表列: the input table's columns — add one of the types a cell can hold, open one's properties, reorder, remove. */
export function TableColumnsProps({ item }: { item: ModelField }) {
  const { t } = useLingui();
  const designer = useDesigner();
  const [type, setType] = useState<ControlType>('comInput');
  const columns = item.columns ?? [];
  return (
    <PropSection title={<Trans>子表列</Trans>}>
      <Stack gap="1" data-testid="od-prop-columns">
        {columns.map((c, i) => (
          <HStack key={c.id} gap="1" data-testid="od-prop-column">
            <Button size="xs" variant="ghost" flex="1" minW="0" justifyContent="flex-start" onClick={() => designer.dispatch({ type: 'select', id: c.id })} title={t`设置这一列`}>
              <Settings2 />
              <Text truncate>{c.label || c.key}</Text>
              <Text color="fg.muted" fontSize="2xs" truncate>
                {controlName(c.type)}
              </Text>
            </Button>
            <IconButton size="2xs" variant="ghost" aria-label={t`上移`} disabled={i === 0} onClick={() => designer.dispatch({ type: 'moveBy', id: c.id, delta: -1 })}>
              <ArrowUp />
            </IconButton>
            <IconButton size="2xs" variant="ghost" aria-label={t`下移`} disabled={i === columns.length - 1} onClick={() => designer.dispatch({ type: 'moveBy', id: c.id, delta: 1 })}>
              <ArrowDown />
            </IconButton>
            <IconButton size="2xs" variant="ghost" colorPalette="red" aria-label={t`删除`} onClick={() => designer.dispatch({ type: 'removeItem', id: c.id })} data-testid="od-prop-column-remove">
              <Trash2 />
            </IconButton>
          </HStack>
        ))}
      </Stack>
      <HStack gap="1">
        <SelectBox value={type} choices={TABLE_CELL_TYPES.map((x) => ({ value: x, label: controlName(x) }))} onChange={(v) => setType(v as ControlType)} testId="od-prop-column-type" label={t`列的控件类型`} />
        <Button
          size="xs"
          variant="outline"
          flexShrink={0}
          disabled={columns.length >= TABLE_COLUMNS_MAX}
          onClick={() => designer.dispatch({ type: 'addTableColumn', tableId: item.id, controlType: type })}
          data-testid="od-prop-column-add"
        >
          <Plus />
          <Trans>添加列</Trans>
        </Button>
      </HStack>
    </PropSection>
  );
}

/** 标签页: the tab item's panes — their titles, order, adding and removing (the last one stays). */
export function TabPanesProps({ item }: { item: ModelField }) {
  const { t } = useLingui();
  const designer = useDesigner();
  const panes = item.tabs ?? [];
  return (
    <PropSection title={<Trans>标签页</Trans>}>
      <Stack gap="1" data-testid="od-prop-panes">
        {panes.map((p, i) => (
          <HStack key={i} gap="1">
            <Input
              size="xs"
              value={p.title}
              onChange={(e) => designer.dispatch({ type: 'renameTab', id: item.id, pane: i, title: e.target.value, merge: `pane:${item.id}:${i}` })}
              onBlur={() => designer.seal()}
              aria-label={t`标签${i + 1}的标题`}
              data-testid="od-prop-pane-title"
            />
            <IconButton size="2xs" variant="ghost" aria-label={t`上移`} disabled={i === 0} onClick={() => designer.dispatch({ type: 'moveTab', id: item.id, pane: i, delta: -1 })}>
              <ArrowUp />
            </IconButton>
            <IconButton size="2xs" variant="ghost" aria-label={t`下移`} disabled={i === panes.length - 1} onClick={() => designer.dispatch({ type: 'moveTab', id: item.id, pane: i, delta: 1 })}>
              <ArrowDown />
            </IconButton>
            <IconButton size="2xs" variant="ghost" colorPalette="red" aria-label={t`删除`} disabled={panes.length <= 1} onClick={() => designer.dispatch({ type: 'removeTab', id: item.id, pane: i })}>
              <Trash2 />
            </IconButton>
          </HStack>
        ))}
      </Stack>
      <Button size="xs" variant="outline" alignSelf="flex-start" onClick={() => designer.dispatch({ type: 'addTab', id: item.id })} data-testid="od-prop-pane-add">
        <Plus />
        <Trans>添加标签</Trans>
      </Button>
    </PropSection>
  );
}
