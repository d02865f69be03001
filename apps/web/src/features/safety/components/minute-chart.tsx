import type { SafetyCaseMinute } from '@fleet/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '@/lib/fleet-time';
import { useEventTypeLabel } from '@/lib/use-labels';
import { labelRows, minuteWindow, offsetLabel, speedCeiling } from '../minute';

const WIDTH = 640;
const HEIGHT = 214;
const PAD = { left: 40, right: 16, top: 24, bottom: 58 };
/** Rows of event names under the axis, and the width of a character of their 10 px font. */
const LABEL_ROWS = 2;
const CHAR_WIDTH = 5.6;
const PLOT_W = WIDTH - PAD.left - PAD.right;
const PLOT_H = HEIGHT - PAD.top - PAD.bottom;
const BASE = PAD.top + PLOT_H;

type Scale = { x: (time: number) => number; y: (speed: number) => number };

/** The speed grid (0, half, top) with its unit, and the seconds from the event below. */
function Axes({ top, at, scale }: { top: number; at: number; scale: Scale }) {
  const { t } = useTranslation();
  return (
    <>
      {[0, top / 2, top].map((speed) => (
        <g key={speed}>
          <line
            x1={PAD.left}
            x2={WIDTH - PAD.right}
            y1={scale.y(speed)}
            y2={scale.y(speed)}
            stroke="var(--bs-border-color)"
          />
          <text
            x={PAD.left - 6}
            y={scale.y(speed) + 4}
            fontSize={11}
            textAnchor="end"
            fill="currentColor"
          >
            {speed}
          </text>
        </g>
      ))}
      <text x={PAD.left - 6} y={12} fontSize={10} textAnchor="end" fill="var(--bs-secondary-color)">
        {t('safety.minute.speedAxis')}
      </text>
      {[-30, -15, 0, 15, 30].map((seconds) => (
        <text
          key={seconds}
          x={scale.x(at + seconds * 1000)}
          y={BASE + 14}
          fontSize={11}
          textAnchor="middle"
          fill="currentColor"
        >
          {offsetLabel(seconds)}
        </text>
      ))}
    </>
  );
}

/**
 * The speed of the minute around the event as a line (from the datapoints), the event as a red
 * line at its moment, the other events of that minute as marks under the axis, their names below.
 * Plain SVG, as the dashboards' charts (entity-detail/components/charts.tsx): no chart library.
 */
export function MinuteChart({
  minute,
  eventTime,
}: {
  minute: SafetyCaseMinute;
  eventTime: string;
}) {
  const { t } = useTranslation();
  const label = useEventTypeLabel();
  const clip = useId();
  const window = minuteWindow(minute, eventTime);
  if (window.points.length === 0)
    return <p className="text-body-secondary mb-0">{t('safety.minute.noData')}</p>;
  const top = speedCeiling(Math.max(...window.points.map((p) => p.speed)));
  const scale: Scale = {
    x: (time) => PAD.left + ((time - window.from) / (window.until - window.from)) * PLOT_W,
    y: (speed) => BASE - (speed / top) * PLOT_H,
  };
  // Each event's name under its mark (ending there near the right edge), in a second row when
  // events lie close together, left out beyond that (it stays in the mark's tooltip).
  const placed = window.events
    .map((event) => {
      const x = scale.x(Date.parse(event.timestamp));
      const text = label(event.eventType);
      const width = text.length * CHAR_WIDTH;
      const start = x - 4 + width <= WIDTH ? x - 4 : x + 4 - width;
      return { event, x, text, start, width };
    })
    .sort((a, b) => a.start - b.start);
  const rows = labelRows(
    placed.map(({ start, width }) => ({ x: start, width })),
    LABEL_ROWS,
  );
  const marks = placed.map((mark, i) => ({ ...mark, row: rows[i] ?? null }));
  const line = window.points.map(
    (p) => `${scale.x(p.time).toFixed(1)},${scale.y(p.speed).toFixed(1)}`,
  );
  return (
    <svg
      role="img"
      aria-label={t('safety.minute.label', {
        from: formatTime(window.from),
        until: formatTime(window.until),
        at: formatTime(eventTime),
      })}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width="100%"
      data-testid="minute-chart"
      data-points={window.inside}
    >
      <clipPath id={clip}>
        <rect x={PAD.left} y={0} width={PLOT_W} height={BASE} />
      </clipPath>
      <Axes top={top} at={window.at} scale={scale} />
      <line
        x1={scale.x(window.at)}
        x2={scale.x(window.at)}
        y1={PAD.top}
        y2={BASE}
        stroke="var(--bs-danger)"
        strokeWidth={2}
      />
      <polyline
        clipPath={`url(#${clip})`}
        points={line.join(' ')}
        fill="none"
        stroke="var(--bs-primary)"
        strokeWidth={2}
        strokeLinejoin="round"
      />
      {marks.map(({ event, x, text, start, row }) => (
        <g key={`${event.timestamp}-${event.eventType}`} data-testid="minute-event">
          <title>{`${text} ${formatTime(event.timestamp)}`}</title>
          <circle cx={x} cy={BASE + 26} r={5} fill="var(--bs-warning)" />
          {row !== null && (
            <text x={start} y={BASE + 43 + row * 13} fontSize={10} fill="currentColor">
              {text}
            </text>
          )}
        </g>
      ))}
    </svg>
  );
}
