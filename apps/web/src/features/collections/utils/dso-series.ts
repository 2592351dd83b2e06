// The figures panel's DSO line: one point per day kept, on a time axis (a day the job did not keep leaves a gap in
// x, not a step), broken where a day had no sales to count (dso null). The numbers drawn are floats that place a
// point and are never shown: every figure on screen comes from the strings the server sent.
import type { CollectionFigures } from '@portal/contracts';

export type FiguresDay = CollectionFigures['days'][number];

export type ChartBox = {
  width: number;
  height: number;
  margin: { top: number; right: number; bottom: number; left: number };
};

export type DsoPoint = { day: string; dso: string; x: number; y: number };

export type DsoLine = {
  /** SVG path data, one per run of days with a DSO. */
  segments: string[];
  /** Points without a neighbour on either side: drawn as dots, a line needs two. */
  isolated: DsoPoint[];
  /** The last point with a DSO (today's, usually): marked. */
  last: DsoPoint | null;
  ticks: { value: number; y: number }[];
  /** The first and the last day, at the axis' ends. */
  xLabels: { day: string; x: number; anchor: 'start' | 'end' }[];
};

const dayMs = 86_400_000;
const dayOf = (day: string): number => Date.parse(`${day.slice(0, 10)}T00:00:00Z`);

/** Today's figures: the last day kept (null before the job kept any). */
export function latestDay(days: readonly FiguresDay[]): FiguresDay | null {
  return days.at(-1) ?? null;
}

/** The value axis: 0 up to at least the largest value, in 1, 2 or 5 × a power of ten, about `count` steps. */
export function dsoTicks(largest: number, count = 4): number[] {
  if (!(largest > 0)) return [0, 10];
  const rough = largest / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough)!;
  const ticks = [0];
  while (ticks.at(-1)! < largest) ticks.push(ticks.length * step);
  return ticks;
}

export function dsoLine(days: readonly FiguresDay[], box: ChartBox): DsoLine {
  const plotWidth = Math.max(0, box.width - box.margin.left - box.margin.right);
  const plotHeight = Math.max(0, box.height - box.margin.top - box.margin.bottom);
  const counted = days.filter((entry): entry is FiguresDay & { dso: string } => entry.dso !== null);
  const values = counted.map((entry) => Number(entry.dso)).filter(Number.isFinite);
  const ticks = dsoTicks(Math.max(0, ...values));
  const top = ticks.at(-1)!;
  const y = (value: number) => box.margin.top + (1 - value / top) * plotHeight;
  const first = days.length ? dayOf(days[0]!.day) : 0;
  const span = days.length ? dayOf(days.at(-1)!.day) - first : 0;
  // One day alone stands in the middle.
  const x = (day: string) => box.margin.left + (span > 0 ? ((dayOf(day) - first) / span) * plotWidth : plotWidth / 2);

  const segments: string[] = [];
  const isolated: DsoPoint[] = [];
  let run: DsoPoint[] = [];
  const close = () => {
    if (run.length === 1) isolated.push(run[0]!);
    if (run.length > 1) {
      segments.push(run.map((point, index) => `${index ? 'L' : 'M'}${round(point.x)},${round(point.y)}`).join(' '));
    }
    run = [];
  };
  let previous: number | null = null;
  for (const entry of days) {
    const value = entry.dso === null ? Number.NaN : Number(entry.dso);
    const at = dayOf(entry.day);
    // A day without a DSO, or a day missing from what was kept, breaks the line.
    if (!Number.isFinite(value) || (previous !== null && at - previous > dayMs)) close();
    if (Number.isFinite(value)) run.push({ day: entry.day, dso: entry.dso!, x: x(entry.day), y: y(value) });
    previous = at;
  }
  close();
  const lastCounted = counted.at(-1);
  return {
    segments,
    isolated,
    last: lastCounted
      ? { day: lastCounted.day, dso: lastCounted.dso, x: x(lastCounted.day), y: y(Number(lastCounted.dso)) }
      : null,
    ticks: ticks.map((value) => ({ value, y: y(value) })),
    xLabels:
      days.length > 1
        ? [
            { day: days[0]!.day, x: x(days[0]!.day), anchor: 'start' },
            { day: days.at(-1)!.day, x: x(days.at(-1)!.day), anchor: 'end' },
          ]
        : days.length === 1
          ? [{ day: days[0]!.day, x: x(days[0]!.day), anchor: 'start' }]
          : [],
  };
}

export type DsoSummary = { from: string; to: string; first: string; last: string; low: string; high: string };

/** What the chart shows in words (its text alternative): the first and the last DSO, the lowest and the highest. */
export function dsoSummary(days: readonly FiguresDay[]): DsoSummary | null {
  const counted = days.filter((entry): entry is FiguresDay & { dso: string } => entry.dso !== null);
  if (counted.length === 0) return null;
  // Compared as numbers, shown as the server wrote them.
  const byValue = [...counted].sort((a, b) => Number(a.dso) - Number(b.dso));
  return {
    from: counted[0]!.day,
    to: counted.at(-1)!.day,
    first: counted[0]!.dso,
    last: counted.at(-1)!.dso,
    low: byValue[0]!.dso,
    high: byValue.at(-1)!.dso,
  };
}

const round = (value: number) => Math.round(value * 10) / 10;
