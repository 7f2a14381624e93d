import { msg, t } from '@lingui/core/macro';
import { z } from 'zod';
import { ChartColumn } from 'lucide-react';
import { defineElement } from './element-def';
import { color, grid, oneOf, text } from './prop-schemas';
import { ChartRender, DEFAULT_COLORS } from './render/chart';

export { chartOption } from './render/chart';

/**
 * A chart (luban-h5 lbp-chart): line, bar or pie from rows of data whose first row names the series
 * ([' ', 'series'…], then [label, value…]). echarts is loaded only when a chart renders — the
 * modules it needs, imported inside the effect — so neither the editor nor a page without a chart
 * downloads it. The chart follows its box's size and is disposed with the element.
 */
export const CHART_TYPES = ['line', 'bar', 'pie'] as const;
const MAX_ROWS = 50;
const MAX_COLS = 10;
const sample = () => [
  ['', t`销量`],
  [t`一月`, '120'],
  [t`二月`, '200'],
  [t`三月`, '150'],
  [t`四月`, '80'],
];
const schema = z.looseObject({
  type: oneOf(CHART_TYPES, 'bar'),
  title: text('', 100),
  data: grid(MAX_ROWS, MAX_COLS, sample),
  colors: z.preprocess((v) => (Array.isArray(v) ? v.slice(0, 20) : v), z.array(color('#5470c6'))).catch(() => [...DEFAULT_COLORS]),
});
type ChartProps = z.output<typeof schema>;

export const chartElement = defineElement<ChartProps>({
  name: 'chart',
  version: 1,
  label: msg`图表`,
  icon: ChartColumn,
  group: 'data',
  defaultProps: () => ({ type: 'bar', title: '', data: sample(), colors: [...DEFAULT_COLORS] }),
  defaultStyle: { width: 300, height: 200, left: 10 },
  propsSchema: schema,
  fields: [
    {
      key: 'type',
      label: msg`图表类型`,
      kind: 'select',
      options: [
        { value: 'line', label: msg`折线图` },
        { value: 'bar', label: msg`柱状图` },
        { value: 'pie', label: msg`饼图` },
      ],
    },
    { key: 'title', label: msg`标题`, kind: 'text' },
    { key: 'data', label: msg`图表数据`, kind: 'chart-data', max: MAX_ROWS },
    { key: 'colors', label: msg`配色`, kind: 'colors', max: 20 },
  ],
  Render: ChartRender,
});
