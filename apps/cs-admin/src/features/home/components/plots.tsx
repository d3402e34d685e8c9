/**
 * The home's charts, drawn by @ant-design/plots. Loaded only when a chart is shown (figure-chart.tsx), so the
 * chart library stays out of the console's first load. The charts are pictures of the tables beside them.
 */
import { Column, Line } from '@ant-design/plots';

export interface ChartPoint {
  x: string;
  y: number;
  series?: string;
}

export interface ChartSpec {
  kind: 'line' | 'column' | 'stacked';
  data: ChartPoint[];
}

export default function Plots({ spec }: { spec: ChartSpec }) {
  const common = {
    data: spec.data,
    xField: 'x',
    yField: 'y',
    height: 240,
    autoFit: true,
    ...(spec.data.some((p) => p.series !== undefined) ? { colorField: 'series' } : {}),
  };
  if (spec.kind === 'line') return <Line {...common} />;
  return <Column {...common} {...(spec.kind === 'stacked' ? { stack: true } : { group: true })} />;
}
