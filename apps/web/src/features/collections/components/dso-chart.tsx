// DSO per day kept, as a line: a plain SVG drawn at the box's measured width (a chart library would add ~135 KB to
// the page for one line; see payments-received's chart). The SVG is hidden from screen readers: the box is an image
// whose name says what the line shows (the first and last DSO, the lowest and the highest).
import { Box } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { CollectionFigures } from '@portal/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format-date';
import { dsoLine, dsoSummary, type ChartBox } from '../utils/dso-series';
import classes from './collections.module.css';

const chartHeight = 140;
const margin = { top: 8, right: 8, bottom: 20, left: 36 };

/** DSO ("45.2") as "45.2 days" and a share ("12.5") as "12.5 %", in the reader's language. */
export function useFigureFormats() {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const oneDecimal = { minimumFractionDigits: 1, maximumFractionDigits: 1 } as const;
    const days = new Intl.NumberFormat(i18n.language, {
      style: 'unit',
      unit: 'day',
      unitDisplay: 'long',
      ...oneDecimal,
    });
    const percent = new Intl.NumberFormat(i18n.language, { style: 'unit', unit: 'percent', ...oneDecimal });
    // Intl formats the decimal string exactly: no float in between.
    return {
      days: (value: string) => days.format(value as `${number}`),
      percent: (value: string) => percent.format(value as `${number}`),
      axis: new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 }),
    };
  }, [i18n.language]);
}

export function DsoChart({ figure }: { figure: CollectionFigures }) {
  const { t } = useTranslation();
  const formats = useFigureFormats();
  const summary = dsoSummary(figure.days);
  const names = { company: figure.company_code, currency: figure.currency_key };
  const label = summary
    ? t('collections.figures.chart_label', {
        ...names,
        first: formats.days(summary.first),
        from: formatDate(summary.from),
        last: formats.days(summary.last),
        to: formatDate(summary.to),
        low: formats.days(summary.low),
        high: formats.days(summary.high),
      })
    : t('collections.figures.chart_empty', names);
  return (
    <Box role="img" aria-label={label} data-testid="dso-chart">
      <Line figure={figure} axis={formats.axis} />
    </Box>
  );
}

function Line({ figure, axis }: { figure: CollectionFigures; axis: Intl.NumberFormat }) {
  const { ref, width } = useElementSize<HTMLDivElement>();
  const line = useMemo(() => {
    const box: ChartBox = { width, height: chartHeight, margin };
    return dsoLine(figure.days, box);
  }, [figure.days, width]);
  return (
    <div ref={ref} className={classes.chartArea}>
      {width > 0 && (
        <svg width={width} height={chartHeight} aria-hidden="true" className={classes.chartSvg}>
          {line.ticks.map((tick) => (
            <g key={tick.value}>
              <line x1={margin.left} x2={width - margin.right} y1={tick.y} y2={tick.y} className={classes.grid} />
              <text x={margin.left - 6} y={tick.y} textAnchor="end" dominantBaseline="middle">
                {axis.format(tick.value)}
              </text>
            </g>
          ))}
          {line.segments.map((path) => (
            <path key={path} d={path} className={classes.line} />
          ))}
          {line.isolated.map((point) => (
            <circle key={point.day} cx={point.x} cy={point.y} r={2.5} className={classes.dot} />
          ))}
          {line.last && <circle cx={line.last.x} cy={line.last.y} r={3.5} className={classes.dot} />}
          {line.xLabels.map((label) => (
            <text key={label.day} x={label.x} y={chartHeight - 4} textAnchor={label.anchor}>
              {formatDate(label.day)}
            </text>
          ))}
        </svg>
      )}
    </div>
  );
}
