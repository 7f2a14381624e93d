import { msg, t } from '@lingui/core/macro';
import { z } from 'zod';
import { Table as TableIcon } from 'lucide-react';
import { defineElement } from './element-def';
import { bool, color, grid } from './prop-schemas';
import { TableRender } from './render/table';

/** A table (luban-h5 lbp-table): rows of text cells, the first one a header row when set, striped rows. */
export const TABLE_MAX_ROWS = 100;
export const TABLE_MAX_COLS = 20;
const sample = () => [
  [t`姓名`, t`部门`, t`城市`],
  [t`张三`, t`市场部`, t`北京`],
  [t`李四`, t`销售部`, t`上海`],
];
const schema = z.looseObject({
  rows: grid(TABLE_MAX_ROWS, TABLE_MAX_COLS, sample),
  header: bool(true),
  stripe: bool(true),
  headerColor: color('#f0f2f5'),
  stripeColor: color('#fafafa'),
  borderColor: color('#e4e7ed'),
});
type TableProps = z.output<typeof schema>;

export const tableElement = defineElement<TableProps>({
  name: 'table',
  version: 1,
  label: msg`表格`,
  icon: TableIcon,
  group: 'data',
  defaultProps: () => ({ rows: sample(), header: true, stripe: true, headerColor: '#f0f2f5', stripeColor: '#fafafa', borderColor: '#e4e7ed' }),
  defaultStyle: { width: 300, height: 100, left: 10, fontSize: 13 },
  propsSchema: schema,
  fields: [
    { key: 'rows', label: msg`表格数据`, kind: 'grid', max: TABLE_MAX_ROWS },
    { key: 'header', label: msg`首行为表头`, kind: 'switch' },
    { key: 'stripe', label: msg`斑马纹`, kind: 'switch' },
    { key: 'headerColor', label: msg`表头背景色`, kind: 'color' },
    { key: 'stripeColor', label: msg`斑马纹颜色`, kind: 'color' },
    { key: 'borderColor', label: msg`边框颜色`, kind: 'color' },
  ],
  Render: TableRender,
});
