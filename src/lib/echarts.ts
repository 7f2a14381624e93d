/**
 * echarts with the line, bar and pie charts and the components they use, loaded once on first use
 * (the page builder's chart element, online development's reports): neither the shell nor a page
 * without a chart downloads it. A failed download (offline, chunk not cached) may be retried.
 */
type Init = (typeof import('echarts/core'))['init'];
let engine: Promise<Init> | null = null;

export function loadEcharts(): Promise<Init> {
  engine ??= Promise.all([
    import('echarts/core'),
    import('echarts/charts').then(({ LineChart, BarChart, PieChart }) => [LineChart, BarChart, PieChart]),
    import('echarts/components').then(({ GridComponent, TitleComponent, TooltipComponent, LegendComponent }) => [
      GridComponent,
      TitleComponent,
      TooltipComponent,
      LegendComponent,
    ]),
    import('echarts/renderers').then(({ CanvasRenderer }) => CanvasRenderer),
  ]).then(([core, charts, components, renderer]) => {
    core.use([...charts, ...components, renderer]);
    return core.init;
  });
  engine.catch(() => (engine = null));
  return engine;
}
