import { Button, Grid, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Plus, Trash2 } from 'lucide-react';
import type { H5Element } from '@/contracts/h5';
import { patchElement } from '../../core/actions';
import { DATA_BINDING_KEY, LIST_BINDABLE, LIST_BINDING_DEFAULT_LIMIT, LIST_BINDING_MAX_LIMIT, listBindingOf, type ListBinding, type ListBindingField } from '../../datasource/bind';
import { FieldRow, NumberField } from './fields';

/**
 * The list binding of the selected news list, carousel or table (bind.ts): which rows of the
 * shared data it repeats over (`数据源1.items`) and which field of a row fills each of its item's
 * fields (a table: each column's heading and field). A run of typing is one undo step.
 */

const mono = { fontFamily: 'mono' } as const;

/** The element's binding as the form edits it: a source still empty counts (listBindingOf wants one). */
function editableBinding(props: Readonly<Record<string, unknown>>): ListBinding | null {
  const raw = props[DATA_BINDING_KEY];
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const r = raw as Record<string, unknown>;
  const parsed = listBindingOf({ [DATA_BINDING_KEY]: { ...r, source: '-' } });
  return parsed ? { ...parsed, source: typeof r.source === 'string' ? r.source : '' } : null;
}

export function DatasourceBinding({ element }: { element: Pick<H5Element, 'uuid' | 'name'> & { readonly pluginProps: Readonly<Record<string, unknown>> } }) {
  const { t } = useLingui();
  const shape = LIST_BINDABLE[element.name];
  if (!shape) return null;
  const itemNames: Record<string, string> = { title: t`标题`, date: t`日期`, link: t`链接`, image: t`图片` };
  const binding = editableBinding(element.pluginProps);
  const write = (next: ListBinding | undefined, key = 'all') =>
    patchElement(element.uuid, { pluginProps: { [DATA_BINDING_KEY]: next } }, { merge: `binding:${element.uuid}:${key}` });

  if (!binding) {
    const fields: ListBindingField[] = shape === 'columns' ? [{ key: t`名称`, path: 'name' }] : shape.map((key) => ({ key, path: key }));
    return (
      <Button size="xs" variant="outline" onClick={() => write({ source: '', fields, limit: LIST_BINDING_DEFAULT_LIMIT })} data-testid="ds-bind-start">
        <Trans>绑定列表数据</Trans>
      </Button>
    );
  }

  const setField = (i: number, patch: Partial<ListBindingField>) => write({ ...binding, fields: binding.fields.map((f, j) => (j === i ? { ...f, ...patch } : f)) }, `field:${i}`);
  const rowFields = shape === 'columns' ? binding.fields : shape.map((key) => binding.fields.find((f) => f.key === key) ?? { key, path: '' });
  const setItemPath = (key: string, path: string) => write({ ...binding, fields: rowFields.map((f) => (f.key === key ? { key, path } : f)) }, `field:${key}`);

  return (
    <Stack gap="2" data-testid="ds-bind">
      <FieldRow label={t`数据`}>
        <Input size="xs" {...mono} value={binding.source} placeholder={t`数据源1.items`} aria-label={t`列表数据的路径`} onChange={(e) => write({ ...binding, source: e.target.value }, 'source')} data-testid="ds-bind-source" />
      </FieldRow>
      {shape === 'columns'
        ? binding.fields.map((f, i) => (
            <Grid key={i} templateColumns="1fr 1fr auto" gap="1">
              <Input size="xs" value={f.key} aria-label={t`列标题`} placeholder={t`列标题`} onChange={(e) => setField(i, { key: e.target.value })} data-testid="ds-bind-col-key" />
              <Input size="xs" {...mono} value={f.path} aria-label={t`字段`} placeholder={t`字段`} onChange={(e) => setField(i, { path: e.target.value })} data-testid="ds-bind-col-path" />
              <IconButton size="2xs" variant="ghost" aria-label={t`删除列`} onClick={() => write({ ...binding, fields: binding.fields.filter((_, j) => j !== i) })}>
                <Trash2 />
              </IconButton>
            </Grid>
          ))
        : rowFields.map((f) => (
            <FieldRow key={f.key} label={itemNames[f.key] ?? f.key}>
              <Input size="xs" {...mono} value={f.path} aria-label={itemNames[f.key] ?? f.key} placeholder={t`字段`} onChange={(e) => setItemPath(f.key, e.target.value)} data-testid={`ds-bind-field-${f.key}`} />
            </FieldRow>
          ))}
      {shape === 'columns' ? (
        <Button size="2xs" variant="ghost" alignSelf="start" onClick={() => write({ ...binding, fields: [...binding.fields, { key: t`列${binding.fields.length + 1}`, path: '' }] })}>
          <Plus />
          <Trans>添加列</Trans>
        </Button>
      ) : null}
      <FieldRow label={t`最多行数`}>
        <NumberField label={t`最多行数`} value={binding.limit ?? LIST_BINDING_DEFAULT_LIMIT} min={1} max={LIST_BINDING_MAX_LIMIT} onChange={(v) => write({ ...binding, limit: Math.round(v) }, 'limit')} />
      </FieldRow>
      <HStack justify="space-between">
        <Text fontSize="xs" color="fg.muted">
          <Trans>数据到达前显示元素自己的内容</Trans>
        </Text>
        <Button size="2xs" variant="ghost" colorPalette="red" onClick={() => write(undefined)} data-testid="ds-bind-clear">
          <Trans>解除绑定</Trans>
        </Button>
      </HStack>
    </Stack>
  );
}
