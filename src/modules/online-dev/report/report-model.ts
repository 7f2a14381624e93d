import type { DataInterfaceResponse, ReportDisplay } from '@/contracts/online-dev-report';

/**
 * A report's chart as an echarts option (plain data, tested without a browser): the rows of its
 * data interface, one bar (or point, or slice) per value of `x`, and one series per value of
 * `group` when the display names one (each store a colour, weeks along the axis).
 */
export const REPORT_COLORS = ['#1890ff', '#52c41a', '#faad14', '#f5222d', '#722ed1', '#13c2c2', '#eb2f96', '#fa8c16'];

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const num = (v: unknown) => {
  const n = Number(v);
  return Number.isFinite(n) ? n : 0;
};

export function reportOption(display: ReportDisplay, data: DataInterfaceResponse, narrow: boolean) {
  const chart = display.chart;
  if (!chart) return null;
  const xs = [...new Set(data.list.map((r) => text(r[chart.x])))].sort();
  const yLabel = data.columns.find((c) => c.key === chart.y)?.label ?? chart.y;
  const common = {
    color: REPORT_COLORS,
    title: chart.title ? { text: chart.title, left: 'center', textStyle: { fontSize: 14 } } : undefined,
    tooltip: { trigger: chart.type === 'pie' ? 'item' : 'axis' },
  };
  if (chart.type === 'pie') {
    const sums = new Map<string, number>();
    for (const r of data.list) sums.set(text(r[chart.x]), (sums.get(text(r[chart.x])) ?? 0) + num(r[chart.y]));
    return { ...common, legend: { bottom: 0, type: 'scroll' }, series: [{ type: 'pie', name: yLabel, radius: narrow ? '50%' : '60%', data: [...sums].map(([name, value]) => ({ name, value })) }] };
  }
  const groups = chart.group ? [...new Set(data.list.map((r) => text(r[chart.group!])))] : [yLabel];
  const series = groups.map((g) => ({
    type: chart.type,
    name: g,
    data: xs.map((x) => data.list.filter((r) => text(r[chart.x]) === x && (!chart.group || text(r[chart.group]) === g)).reduce((s, r) => s + num(r[chart.y]), 0)),
  }));
  return {
    ...common,
    legend: groups.length > 1 ? { bottom: 0, type: 'scroll' } : undefined,
    grid: { left: 8, right: 16, top: chart.title ? 40 : 16, bottom: groups.length > 1 ? 40 : 8, containLabel: true },
    xAxis: { type: 'category', data: xs, axisLabel: { rotate: narrow ? 45 : 0 } },
    // Counts step by whole numbers (no 0.5 inspections on the axis).
    yAxis: { type: 'value', name: narrow ? undefined : yLabel, minInterval: data.list.every((r) => Number.isInteger(num(r[chart.y]))) ? 1 : undefined },
    series,
  };
}

/** The table's columns in the display's order (the interface's own when it names none). */
export function tableColumns(display: ReportDisplay, data: DataInterfaceResponse) {
  const order = display.table?.columns;
  if (!order?.length) return data.columns;
  return order.map((k) => data.columns.find((c) => c.key === k)).filter((c): c is DataInterfaceResponse['columns'][number] => !!c);
}
