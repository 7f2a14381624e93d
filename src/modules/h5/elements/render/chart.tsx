import { useEffect, useRef, useState } from 'react';
import type { EChartsType } from 'echarts/core';
import type { ElementRenderProps, RenderMode } from '../element-def';
import { fill, inert, LoadFailed } from '../render-kit';
import { loadEcharts } from '@/lib/echarts';

/**
 * A chart (luban-h5 lbp-chart): line, bar or pie from rows of data whose first row names the series
 * ([' ', 'series'…], then [label, value…]). echarts is loaded only when a chart renders — the
 * modules it needs, imported inside the effect — so neither the editor nor a page without a chart
 * downloads it. The chart follows its box's size and is disposed with the element.
 */
export const DEFAULT_COLORS = ['#5470c6', '#91cc75', '#fac858', '#ee6666', '#73c0de'];

export interface ChartProps {
  type: 'line' | 'bar' | 'pie';
  title: string;
  data: string[][];
  colors: string[];
}
type ChartSpec = Pick<ChartProps, 'type' | 'title' | 'data' | 'colors'>;

const toNumber = (v: string | undefined) => {
  const n = Number(v);
  return Number.isFinite(n) ? n : 0;
};

/** The echarts option of a chart's props (exported for tests). */
export function chartOption(props: ChartSpec, mode: RenderMode) {
  const [head = [], ...rows] = props.data;
  const labels = rows.map((r) => r[0] ?? '');
  const seriesCount = Math.max(1, head.length - 1);
  const common = {
    animation: mode === 'preview',
    color: props.colors.length ? props.colors : DEFAULT_COLORS,
    title: props.title ? { text: props.title, left: 'center', textStyle: { fontSize: 14 } } : undefined,
    tooltip: { trigger: props.type === 'pie' ? 'item' : 'axis' },
  };
  if (props.type === 'pie') {
    return {
      ...common,
      series: [{ type: 'pie', radius: '60%', center: ['50%', props.title ? '55%' : '50%'], data: rows.map((r) => ({ name: r[0] ?? '', value: toNumber(r[1]) })) }],
    };
  }
  return {
    ...common,
    legend: seriesCount > 1 ? { bottom: 0 } : undefined,
    grid: { left: 8, right: 8, top: props.title ? 36 : 16, bottom: seriesCount > 1 ? 28 : 8, containLabel: true },
    xAxis: { type: 'category', data: labels },
    yAxis: { type: 'value' },
    series: Array.from({ length: seriesCount }, (_, j) => ({ type: props.type, name: head[j + 1] ?? '', data: rows.map((r) => toNumber(r[j + 1])) })),
  };
}

export function ChartRender({ props, mode }: ElementRenderProps<ChartProps>) {
  const host = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<EChartsType | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    let instance: EChartsType | undefined;
    let observer: ResizeObserver | undefined;
    loadEcharts().then(
      (init) => {
        if (!live || !host.current) return;
        instance = init(host.current);
        if (typeof ResizeObserver !== 'undefined') {
          observer = new ResizeObserver(() => instance?.resize());
          observer.observe(host.current);
        }
        setChart(instance);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      observer?.disconnect();
      instance?.dispose();
    };
  }, []);

  // The props as one value: the chart is redrawn when one of them changes, not on every render.
  const spec = JSON.stringify({ type: props.type, title: props.title, data: props.data, colors: props.colors });
  useEffect(() => {
    if (chart && !chart.isDisposed()) chart.setOption(chartOption(JSON.parse(spec) as ChartSpec, mode), true);
  }, [chart, spec, mode]);

  if (failed) return <LoadFailed />;
  return <div ref={host} style={{ ...fill, ...inert(mode) }} data-testid="h5-chart" />;
}
