import { memo } from 'react';
import { Box, Grid, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FieldError } from 'react-hook-form';
import { Trash2 } from 'lucide-react';
import type { ModelField } from '@/contracts/online-dev-model';
import { cellMessage, sameCell, sameRow } from '../form/form-values';
import { baseControls } from './base-registry';
import { CELL_ERROR_CLASS, CELL_TD_CLASS } from './cell-style';

export interface TableRowProps {
  tableKey: string;
  index: number;
  row: Readonly<Record<string, unknown>>;
  columns: readonly ModelField[];
  /** The table's error: its cells' messages by `row.column` (form-values.ts). */
  error: FieldError | undefined;
  disabled: boolean;
  modelId: string;
  /** Stable across renders (the table keeps them), so a row renders only when its own cells change. */
  onCell(index: number, column: string, value: unknown): void;
  onRemove(index: number): void;
  /** A phone: the row is a card of label / value lines. */
  stacked: boolean;
}

interface CellProps {
  tableKey: string;
  index: number;
  column: ModelField;
  value: unknown;
  message: string | undefined;
  disabled: boolean;
  modelId: string;
  onCell: TableRowProps['onCell'];
}

/**
 * One cell: its control (mode 'cell', named by the column's label) and `not empty` under it (spec
 * 5.4). It renders again only when its own value or message changes.
 */
const Cell = memo(
  function Cell({ tableKey, index, column, value, message, disabled, modelId, onCell }: CellProps) {
    const Control = baseControls[column.type];
    const id = `od-cell-${tableKey}-${column.key}`;
    return (
      <div style={{ minWidth: 0 }}>
        {Control ? (
          <Control field={column} value={value} onChange={(v) => onCell(index, column.key, v)} disabled={disabled || column.disabled} invalid={!!message} mode="cell" modelId={modelId} testId={id} />
        ) : null}
        {message ? (
          <div className={CELL_ERROR_CLASS} role="alert" data-testid={`${id}-error`}>
            {message}
          </div>
        ) : null}
      </div>
    );
  },
  (a, b) =>
    a.index === b.index &&
    a.column === b.column &&
    a.message === b.message &&
    a.disabled === b.disabled &&
    a.onCell === b.onCell &&
    a.tableKey === b.tableKey &&
    a.modelId === b.modelId &&
    sameCell(a.value, b.value),
);

/** The cell of column `c` in a row. */
const cellOf = (props: TableRowProps, c: ModelField) => (
  <Cell tableKey={props.tableKey} index={props.index} column={c} value={props.row[c.key]} message={cellMessage(props.error, props.index, c.key)} disabled={props.disabled} modelId={props.modelId} onCell={props.onCell} />
);

function RemoveRow({ props }: { props: TableRowProps }) {
  const { t } = useLingui();
  const n = props.index + 1;
  return props.disabled ? null : (
    <button type="button" className="od-cell-remove" aria-label={t`删除第${n}行`} title={t`删除`} onClick={() => props.onRemove(props.index)} data-testid={`od-table-${props.tableKey}-remove`}>
      <Trash2 size={14} aria-hidden />
    </button>
  );
}

function RowView(props: TableRowProps) {
  const { columns, index, tableKey } = props;
  if (props.stacked) {
    return (
      <Stack gap="2" p="3" borderWidth="1px" rounded="md" bg="bg" data-testid={`od-table-${tableKey}-row`}>
        <HStack justify="space-between">
          <Text fontSize="sm" fontWeight="medium" color="fg.muted">
            <Trans>第{index + 1}行</Trans>
          </Text>
          <RemoveRow props={props} />
        </HStack>
        <Grid templateColumns="minmax(4.5rem, auto) minmax(0, 1fr)" columnGap="3" rowGap="2" alignItems="center">
          {columns.map((c) => (
            <Box key={c.key} display="contents">
              <Text fontSize="sm" color="fg.muted" alignSelf="start" pt="1.5">
                {c.label}
                {c.required ? (
                  <Text as="span" color="fg.error" ms="0.5" aria-hidden>
                    *
                  </Text>
                ) : null}
              </Text>
              {cellOf(props, c)}
            </Box>
          ))}
        </Grid>
      </Stack>
    );
  }
  // Plain table elements (styled by the table's stylesheet, cell-style.ts): a keystroke re-renders one cell.
  return (
    <tr data-testid={`od-table-${tableKey}-row`} className="od-tr">
      <td className={CELL_TD_CLASS} style={{ textAlign: 'center' }}>
        <span className="od-row-no">{index + 1}</span>
      </td>
      {columns.map((c) => (
        <td key={c.key} className={CELL_TD_CLASS}>
          {cellOf(props, c)}
        </td>
      ))}
      <td className={CELL_TD_CLASS} style={{ textAlign: 'center' }}>
        <RemoveRow props={props} />
      </td>
    </tr>
  );
}

/** A row renders again only when a cell of it, its place, its cells' messages or its settings change. */
export const TableRowView = memo(
  RowView,
  (a, b) =>
    a.index === b.index &&
    (a.error === b.error || a.columns.every((c) => cellMessage(a.error, a.index, c.key) === cellMessage(b.error, b.index, c.key))) &&
    a.disabled === b.disabled &&
    a.columns === b.columns &&
    a.stacked === b.stacked &&
    a.onCell === b.onCell &&
    a.onRemove === b.onRemove &&
    sameRow(a.row, b.row),
);
