import type { ReactNode } from 'react';
import { Box, Button, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowDown, ArrowUp, Plus, Trash2, X } from 'lucide-react';
import type { PropField } from './element-def';
import { Block, ColorControl, DraftInput, type ControlProps } from './panel-controls';

/**
 * The collection controls of the property panel: a list of items (slides, news), option pairs,
 * a grid of cells (table rows, chart data) and a list of colours. Every change hands the whole new
 * array to `onChange`; adding, removing and moving are steps of their own (`step = true`), typing
 * in a cell is merged like any typed value.
 */

const asArray = <T,>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);

function SmallIcon({ label, onClick, disabled, testId, children }: { label: string; onClick(): void; disabled?: boolean; testId?: string; children: ReactNode }) {
  return (
    <IconButton size="2xs" variant="ghost" aria-label={label} title={label} onClick={onClick} disabled={disabled} data-testid={testId}>
      {children}
    </IconButton>
  );
}

function AddButton({ onClick, disabled, testId }: { onClick(): void; disabled: boolean; testId: string }) {
  return (
    <Button size="2xs" variant="outline" onClick={onClick} disabled={disabled} data-testid={testId}>
      <Plus />
      <Trans>添加</Trans>
    </Button>
  );
}

const move = <T,>(list: readonly T[], from: number, to: number): T[] => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
};

export type RenderItemField = (field: PropField, value: unknown, onChange: (value: unknown, step?: boolean) => void, testId: string) => ReactNode;

/** Items edited with the field's `itemFields`, each with move up / down and delete. */
export function ListControl({ field, label, value, onChange, testId, renderField }: ControlProps<unknown> & { renderField: RenderItemField }) {
  const { t } = useLingui();
  const items = asArray<Record<string, unknown>>(value);
  const max = field.max ?? 50;
  const setItem = (i: number, key: string, v: unknown, step?: boolean) => onChange(items.map((it, j) => (j === i ? { ...it, [key]: v } : it)), step);
  return (
    <Block label={label} actions={<AddButton onClick={() => onChange([...items, field.newItem?.() ?? {}], true)} disabled={items.length >= max} testId={`${testId}-add`} />}>
      {items.map((item, i) => (
        <Box key={i} borderWidth="1px" rounded="md" p="2" data-testid={`${testId}-item`}>
          <HStack justify="space-between" mb="1.5">
            <Text fontSize="xs" fontWeight="medium">
              {i + 1}
            </Text>
            <HStack gap="0">
              <SmallIcon label={t`上移`} onClick={() => onChange(move(items, i, i - 1), true)} disabled={i === 0}>
                <ArrowUp />
              </SmallIcon>
              <SmallIcon label={t`下移`} onClick={() => onChange(move(items, i, i + 1), true)} disabled={i === items.length - 1}>
                <ArrowDown />
              </SmallIcon>
              <SmallIcon label={t`删除`} onClick={() => onChange(items.filter((_, j) => j !== i), true)} testId={`${testId}-${i}-remove`}>
                <Trash2 />
              </SmallIcon>
            </HStack>
          </HStack>
          <Stack gap="1.5">
            {(field.itemFields ?? []).map((f) => (
              <Box key={f.key}>{renderField(f, item[f.key], (v, step) => setItem(i, f.key, v, step), `${testId}-${i}-${f.key}`)}</Box>
            ))}
          </Stack>
        </Box>
      ))}
    </Block>
  );
}

interface OptionPair {
  label: string;
  value: string;
}

/** Label / value pairs of a choice field. */
export function OptionsControl({ field, label, value, onChange, testId }: ControlProps<unknown>) {
  const { t } = useLingui();
  const options = asArray<OptionPair>(value);
  const set = (i: number, patch: Partial<OptionPair>) => onChange(options.map((o, j) => (j === i ? { ...o, ...patch } : o)));
  const add = () => onChange([...options, { label: t`选项${options.length + 1}`, value: String(options.length + 1) }], true);
  return (
    <Block label={label} actions={<AddButton onClick={add} disabled={options.length >= (field.max ?? 50)} testId={`${testId}-add`} />}>
      <HStack gap="1" fontSize="2xs" color="fg.muted">
        <Text flex="1">
          <Trans>显示文字</Trans>
        </Text>
        <Text flex="1">
          <Trans>提交值</Trans>
        </Text>
        <Box w="6" />
      </HStack>
      {options.map((o, i) => (
        <HStack key={i} gap="1" data-testid={`${testId}-item`}>
          <DraftInput size="xs" flex="1" value={o.label ?? ''} maxLength={60} aria-label={t`选项${i + 1}显示文字`} onValue={(v) => set(i, { label: v })} data-testid={`${testId}-${i}-label`} />
          <DraftInput size="xs" flex="1" value={o.value ?? ''} maxLength={60} aria-label={t`选项${i + 1}提交值`} onValue={(v) => set(i, { value: v })} data-testid={`${testId}-${i}-value`} />
          <SmallIcon label={t`删除`} onClick={() => onChange(options.filter((_, j) => j !== i), true)}>
            <X />
          </SmallIcon>
        </HStack>
      ))}
    </Block>
  );
}

/** A grid of text cells; chart data names its first row and column. */
export function GridControl({ field, label, value, onChange, testId }: ControlProps<unknown>) {
  const { t } = useLingui();
  const rows = asArray<string[]>(value).map((r) => asArray<string>(r));
  const cols = Math.max(1, ...rows.map((r) => r.length));
  const maxRows = field.max ?? 100;
  const chart = field.kind === 'chart-data';
  const setCell = (r: number, c: number, v: string) =>
    onChange(rows.map((row, i) => (i === r ? Array.from({ length: Math.max(cols, c + 1) }, (_, j) => (j === c ? v : (row[j] ?? ''))) : row)));
  const addRow = () => onChange([...rows, Array<string>(cols).fill('')], true);
  const addCol = () => onChange((rows.length ? rows : [[]]).map((row) => [...row, ...Array<string>(cols - row.length).fill(''), '']), true);
  const removeRow = (r: number) => onChange(rows.filter((_, i) => i !== r), true);
  const removeCol = (c: number) => onChange(rows.map((row) => row.filter((_, j) => j !== c)), true);
  return (
    <Block
      label={label}
      actions={
        <HStack gap="1">
          <Button size="2xs" variant="outline" onClick={addRow} disabled={rows.length >= maxRows} data-testid={`${testId}-add-row`}>
            <Plus />
            <Trans>行</Trans>
          </Button>
          <Button size="2xs" variant="outline" onClick={addCol} disabled={cols >= 20} data-testid={`${testId}-add-col`}>
            <Plus />
            <Trans>列</Trans>
          </Button>
        </HStack>
      }
    >
      {chart ? (
        <Text fontSize="2xs" color="fg.muted">
          <Trans>第一行是系列名称，第一列是类目名称，其余填数值</Trans>
        </Text>
      ) : null}
      <Box overflowX="auto">
        <Box as="table" fontSize="xs" borderSpacing="2px" css={{ borderCollapse: 'separate' }} data-testid={testId}>
          <tbody>
            <tr>
              {Array.from({ length: cols }, (_, c) => (
                <td key={c} style={{ textAlign: 'center' }}>
                  <SmallIcon label={t`删除第${c + 1}列`} onClick={() => removeCol(c)} disabled={cols <= 1}>
                    <X />
                  </SmallIcon>
                </td>
              ))}
              <td />
            </tr>
            {rows.map((row, r) => (
              <tr key={r}>
                {Array.from({ length: cols }, (_, c) => (
                  <td key={c}>
                    <DraftInput
                      size="2xs"
                      w="4.5rem"
                      value={row[c] ?? ''}
                      maxLength={500}
                      fontWeight={chart && (r === 0 || c === 0) ? 'semibold' : undefined}
                      aria-label={t`第${r + 1}行第${c + 1}列`}
                      onValue={(v) => setCell(r, c, v)}
                      data-testid={`${testId}-${r}-${c}`}
                    />
                  </td>
                ))}
                <td>
                  <SmallIcon label={t`删除第${r + 1}行`} onClick={() => removeRow(r)}>
                    <X />
                  </SmallIcon>
                </td>
              </tr>
            ))}
          </tbody>
        </Box>
      </Box>
    </Block>
  );
}

/** A list of colours (chart series, in order). */
export function ColorsControl({ field, label, value, onChange, testId }: ControlProps<unknown>) {
  const { t } = useLingui();
  const colors = asArray<string>(value);
  return (
    <Block label={label} actions={<AddButton onClick={() => onChange([...colors, '#5470c6'], true)} disabled={colors.length >= (field.max ?? 20)} testId={`${testId}-add`} />}>
      {colors.map((c, i) => (
        <HStack key={i} gap="1">
          <Box flex="1">
            <ColorControl field={field} label={t`颜色${i + 1}`} value={c} onChange={(v) => onChange(colors.map((x, j) => (j === i ? String(v) : x)))} testId={`${testId}-${i}`} />
          </Box>
          <SmallIcon label={t`删除`} onClick={() => onChange(colors.filter((_, j) => j !== i), true)}>
            <X />
          </SmallIcon>
        </HStack>
      ))}
    </Block>
  );
}
