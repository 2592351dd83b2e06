import { describe, expect, it } from 'vitest';
import { dsoLine, dsoSummary, dsoTicks, latestDay, type ChartBox, type FiguresDay } from './dso-series';

const day = (date: string, dso: string | null): FiguresDay => ({
  day: date,
  open: '1000.00',
  past_due: '100.00',
  dso,
  past_due_share: dso === null ? null : '10.0',
});

const box: ChartBox = { width: 110, height: 120, margin: { top: 10, right: 0, bottom: 10, left: 10 } };

describe('dsoTicks', () => {
  it('steps by 1, 2 or 5 times a power of ten from 0 up to the largest value', () => {
    expect(dsoTicks(45.2)).toEqual([0, 20, 40, 60]);
    expect(dsoTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(dsoTicks(100)).toEqual([0, 50, 100]);
  });

  it('still draws an axis when nothing was counted', () => {
    expect(dsoTicks(0)).toEqual([0, 10]);
  });
});

describe('dsoLine', () => {
  it('places the days on a time axis and the values from 0 at the bottom to the top tick at the top', () => {
    const line = dsoLine([day('2026-11-01', '0.0'), day('2026-11-02', '50.0'), day('2026-11-03', '100.0')], box);
    expect(line.segments).toEqual(['M10,110 L60,60 L110,10']);
    expect(line.last).toMatchObject({ day: '2026-11-03', dso: '100.0', x: 110, y: 10 });
    expect(line.ticks.map((tick) => tick.value)).toEqual([0, 50, 100]);
    expect(line.xLabels.map((label) => label.day)).toEqual(['2026-11-01', '2026-11-03']);
  });

  it('breaks the line at a day without sales to count, and shows a point left alone as a dot', () => {
    const line = dsoLine(
      [day('2026-11-01', '10.0'), day('2026-11-02', '20.0'), day('2026-11-03', null), day('2026-11-04', '30.0')],
      box,
    );
    expect(line.segments).toHaveLength(1);
    expect(line.isolated.map((point) => point.day)).toEqual(['2026-11-04']);
  });

  it('breaks the line where days were not kept, and spaces the points by their dates', () => {
    const line = dsoLine([day('2026-11-01', '10.0'), day('2026-11-02', '10.0'), day('2026-11-11', '10.0')], box);
    // Ten days on 100 px: the second day 10 px after the first; 10 is the top tick.
    expect(line.segments).toEqual(['M10,10 L20,10']);
    expect(line.isolated[0]!.x).toBe(110);
  });

  it('draws nothing but the axis before the job kept a day', () => {
    const line = dsoLine([], box);
    expect(line).toMatchObject({ segments: [], isolated: [], last: null, xLabels: [] });
  });
});

describe('dsoSummary', () => {
  it('names the first and the last DSO and the lowest and the highest, as the server wrote them', () => {
    expect(
      dsoSummary([
        day('2026-11-01', null),
        day('2026-11-02', '41.5'),
        day('2026-11-03', '9.8'),
        day('2026-11-04', '100.0'),
        day('2026-11-05', '45.2'),
      ]),
    ).toEqual({ from: '2026-11-02', to: '2026-11-05', first: '41.5', last: '45.2', low: '9.8', high: '100.0' });
  });

  it('has nothing to say when no day had sales to count', () => {
    expect(dsoSummary([day('2026-11-01', null)])).toBeNull();
  });
});

describe('latestDay', () => {
  it("is the last day kept: today's figures", () => {
    expect(latestDay([day('2026-11-01', '1.0'), day('2026-11-02', null)])?.day).toBe('2026-11-02');
    expect(latestDay([])).toBeNull();
  });
});
