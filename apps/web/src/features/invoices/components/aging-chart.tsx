// The aging bars (issue 29). This module and the chart library it brings (@mantine/charts over recharts, and their
// stylesheet) load on their own, after the invoice list (React.lazy in aging-section.tsx): they weigh more than the
// whole list screen. What the bars say is also text beside them (the bucket buttons) and a table for screen readers,
// so the chart is an image for sighted readers only: the section hides it from assistive technology.
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import type { MantineColor } from '@mantine/core';
import type { AgingBucket } from '@portal/domain';
import { startTransition, useEffect, useMemo, useRef, useState } from 'react';
import { ResponsiveContainer } from 'recharts';

export type AgingBar = {
  bucket: AgingBucket;
  /** The bucket's short name, on the axis. */
  name: string;
  /** Only the bar's length: the amount itself is shown by the texts below, formatted from its decimal string. */
  value: number;
  /** Amount and count on one line, at the end of the bar. */
  label: string;
  /** The same on two lines, on a narrow screen. */
  amount: string;
  count: string;
  color: MantineColor;
};

type AgingChartProps = {
  bars: AgingBar[];
  onSelect: (bucket: AgingBucket) => void;
};

const labelFontPx = 12;
const labelGapPx = 8;
/** The bucket names' column at most: a longer name ("Pas encore échues") wraps, and the bars keep their room. */
const maxAxisPx = 112;
/** Narrower than this, each bar's amount and count go on two lines, so that the bars keep some length. */
const stackedBelowPx = 520;

/**
 * The width of the longest text at the chart's label size: the plot leaves that much room at its end, so that the
 * label of the longest bar is not cut (a currency's amounts and a language's words differ too much for a constant).
 */
function longestTextPx(texts: string[]): number {
  const context = document.createElement('canvas').getContext('2d');
  if (!context) return Math.max(0, ...texts.map((text) => text.length)) * labelFontPx * 0.62;
  context.font = `${labelFontPx}px ${getComputedStyle(document.body).fontFamily}`;
  return Math.ceil(Math.max(0, ...texts.map((text) => context.measureText(text).width)));
}

type LabelBox = { x: number; y: number; width: number; height: number };
type Size = { width: number; height: number };

/**
 * The box's size, for recharts' ResponsiveContainer: given a size, it spares the one inside Mantine's BarChart its own
 * measuring and a second render of the chart. Set in a transition, so that the chart's first render yields to the
 * browser in slices (issue 17: TBT); recharts' own store updates after it still render at once (measured: a task of
 * about 0.1 s on a 4x slowed CPU).
 */
function useBoxSize() {
  const ref = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<Size | null>(null);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const next = { width: Math.round(entry.contentRect.width), height: Math.round(entry.contentRect.height) };
      startTransition(() =>
        setSize((previous) => (previous?.width === next.width && previous.height === next.height ? previous : next)),
      );
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  return { ref, size };
}

/** Horizontal bars, one per bucket: at 375 px the labels at the bars' ends still have a row each, never a collision. */
export function AgingChart({ bars, onSelect }: AgingChartProps) {
  const { ref, size } = useBoxSize();
  const stacked = size !== null && size.width < stackedBelowPx;
  const labelRoom = useMemo(
    () => longestTextPx(bars.flatMap((bar) => (stacked ? [bar.amount, bar.count] : [bar.label]))) + labelGapPx * 2,
    [bars, stacked],
  );
  const axisWidth = useMemo(
    // recharts wraps a name at this width less the tick's own offset: room for that too.
    () => Math.min(maxAxisPx, longestTextPx(bars.map((bar) => bar.name)) + labelGapPx * 4),
    [bars],
  );
  const byBucket = useMemo(() => new Map(bars.map((bar) => [bar.bucket, bar])), [bars]);
  const renderLabel = ({ viewBox, value }: { viewBox?: unknown; value?: unknown }) => {
    const bar = byBucket.get(value as AgingBucket);
    const box = viewBox as LabelBox | undefined;
    if (!bar || !box) return null;
    const x = box.x + box.width + labelGapPx;
    const middle = box.y + box.height / 2;
    return (
      <text x={x} y={middle} fontSize={labelFontPx} fill="var(--chart-bar-label-color)" dominantBaseline="central">
        {stacked ? (
          <>
            <tspan x={x} dy="-0.6em">
              {bar.amount}
            </tspan>
            <tspan x={x} dy="1.2em">
              {bar.count}
            </tspan>
          </>
        ) : (
          bar.label
        )}
      </text>
    );
  };
  return (
    <div ref={ref} style={{ height: '100%' }}>
      {size && size.width > 0 && (
        <ResponsiveContainer width={size.width} height={size.height}>
          <BarChart
            h="100%"
            data={bars}
            dataKey="name"
            orientation="vertical"
            series={[{ name: 'value' }]}
            withXAxis={false}
            // The longest bar ends where the labels' room starts (a rounded-up axis would leave a gap after it).
            xAxisProps={{ domain: [0, 'dataMax'] }}
            gridAxis="none"
            tickLine="none"
            withTooltip={false}
            // Hidden from assistive technology by the section: nothing in it may take the focus.
            accessibilityLayer={false}
            withBarValueLabel
            valueLabelProps={{ dataKey: 'bucket', content: renderLabel }}
            textColor="gray.8"
            barLabelColor="gray.8"
            maxBarWidth={28}
            yAxisProps={{ width: axisWidth, tick: { fontSize: labelFontPx, fill: 'currentColor' } }}
            barChartProps={{ margin: { top: 4, bottom: 4, left: 4, right: labelRoom } }}
            barProps={{
              cursor: 'pointer',
              onClick: (entry: { payload?: AgingBar }) => entry.payload && onSelect(entry.payload.bucket),
            }}
          />
        </ResponsiveContainer>
      )}
    </div>
  );
}
