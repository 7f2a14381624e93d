import { useCallback, useMemo, useRef } from 'react';
import { Box, Button, chakra, Stack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { Plus } from 'lucide-react';
import { addRow, removeRow, setCell, type InputTableRow } from '@/contracts/online-dev-table';
import { useNarrowScreen } from '@/components/use-media';
import { tableColumns } from '../form/form-values';
import { cellCss } from './cell-style';
import { TableRowView } from './input-table-row';
import { useFormRuntime } from './runtime';
import type { ControlProps } from './types';

/** A column's width at least, by control type (the table scrolls sideways when they do not fit). */
const minWidth = (type: string) => (type === 'calculate' || type === 'numInput' || type === 'switch' ? '7rem' : type === 'uploadImg' || type === 'checkbox' || type === 'address' ? '13rem' : '10rem');

/**
 * 设计子表 (table): the input table of spec 3, 4 and 5.4. It starts with one empty row (the form
 * gives it), rows are added (添加) and removed (删除 per row); each cell is its column's control, and
 * a required cell that is empty shows `not empty` under it once the form was submitted. A row
 * renders again only when its own cells change, so typing stays quick with 100 rows. On a phone
 * each row is a card of label / value lines; on a wide screen a table that scrolls sideways.
 * Changes are noted for the calculations: `table.column` for a cell, `table` for a row added or removed.
 */
export function InputTableControl({ field, value, onChange, disabled = false, invalid, modelId, error }: ControlProps) {
  const runtime = useFormRuntime();
  const stacked = useNarrowScreen();
  const columns = useMemo(() => field.columns ?? [], [field.columns]);
  const specs = useMemo(() => tableColumns(field), [field]);
  const rows = useMemo(() => (Array.isArray(value) ? (value as InputTableRow[]) : []), [value]);
  // The latest rows and callbacks, read by the stable handlers the rows hold.
  const latest = useRef({ rows, onChange, runtime });
  latest.current = { rows, onChange, runtime };
  const key = field.key;

  const onCell = useCallback(
    (index: number, column: string, v: unknown) => {
      const next = setCell(latest.current.rows, index, column, v);
      latest.current.rows = next;
      latest.current.onChange(next);
      latest.current.runtime.touch(`${key}.${column}`);
    },
    [key],
  );
  const onRemove = useCallback(
    (index: number) => {
      const next = removeRow(latest.current.rows, index);
      latest.current.rows = next;
      latest.current.onChange(next);
      latest.current.runtime.touch(key);
    },
    [key],
  );
  const add = () => {
    const next = addRow(specs, latest.current.rows);
    latest.current.rows = next;
    onChange(next);
    runtime.touch(key);
  };

  // The header stays as it is while cells are typed in.
  const header = useMemo(
    () => (
      <chakra.thead>
        <chakra.tr bg="bg.subtle" borderBottomWidth="1px">
          <chakra.th w="10" px="1" py="2" textAlign="center" fontWeight="medium">
            #
          </chakra.th>
          {columns.map((c) => (
            <chakra.th key={c.key} minW={minWidth(c.type)} px="1.5" py="2" textAlign={c.type === 'numInput' || c.type === 'calculate' ? 'end' : 'start'} fontWeight="medium" whiteSpace="nowrap">
              {c.label}
              {c.required ? (
                <Text as="span" color="fg.error" ms="0.5" aria-hidden>
                  *
                </Text>
              ) : null}
            </chakra.th>
          ))}
          <chakra.th w="12" px="1" py="2" textAlign="center" fontWeight="medium">
            <Trans>操作</Trans>
          </chakra.th>
        </chakra.tr>
      </chakra.thead>
    ),
    [columns],
  );
  const body = rows.map((row, index) => (
    <TableRowView key={index} tableKey={key} index={index} row={row} columns={columns} error={error} disabled={disabled} modelId={modelId} onCell={onCell} onRemove={onRemove} stacked={stacked} />
  ));

  return (
    <Stack gap="2" w="full" css={cellCss} data-testid={`od-table-${key}`} aria-invalid={invalid || undefined}>
      {stacked ? (
        <Stack gap="2">{body}</Stack>
      ) : (
        <Box overflowX="auto" borderWidth="1px" borderColor={invalid ? 'border.error' : 'border'} rounded="md">
          <chakra.table w="full" fontSize="sm" css={{ borderCollapse: 'collapse' }} aria-label={field.label}>
            {header}
            <chakra.tbody>{body}</chakra.tbody>
          </chakra.table>
        </Box>
      )}
      {!rows.length ? (
        <Text fontSize="sm" color="fg.muted" textAlign="center" py="2">
          <Trans>暂无数据</Trans>
        </Text>
      ) : null}
      {!disabled ? (
        <Box>
          <Button type="button" size="sm" variant="outline" borderStyle="dashed" onClick={add} data-testid={`od-table-${key}-add`}>
            <Plus />
            <Trans>添加</Trans>
          </Button>
        </Box>
      ) : null}
    </Stack>
  );
}
