import { formatScore, type CoachingBacklogPoint, type CoachingDriverRow } from '@fleet/contract';
import { linePath, niceMax, scaleY, xs } from '../coaching-report-view';

/** Bootstrap's success/warning/danger for a score of 0–100 (as the driving-style charts). */
const scoreColor = (score: number) =>
  score >= 75 ? 'var(--bs-success)' : score >= 50 ? 'var(--bs-warning)' : 'var(--bs-danger)';

const WIDTH = 560;

/** A chart's accessible name: its title, then what it shows (never empty: axe's svg-img-alt). */
const describe = (title: string, parts: string[]) =>
  parts.length ? `${title}: ${parts.join('; ')}` : title;
const LEFT = 36;
const RIGHT = WIDTH - 12;

/** Axis lines and labels at 0, half and the top. */
function Axis({ max, y, label }: { max: number; y: (v: number) => number; label?: string }) {
  return (
    <g fontSize={10} fill="currentColor">
      {[0, max / 2, max].map((v) => (
        <g key={v}>
          <line x1={LEFT} x2={RIGHT} y1={y(v)} y2={y(v)} stroke="var(--bs-border-color)" />
          <text x={LEFT - 6} y={y(v) + 3} textAnchor="end">
            {Number.isInteger(v) ? v : v.toFixed(1)}
          </text>
        </g>
      ))}
      {label && (
        <text x={LEFT} y={10}>
          {label}
        </text>
      )}
    </g>
  );
}

/** A score per interval (0–100), a line broken where there was no driving. */
export function ScoreTrendChart({
  points,
  label,
}: {
  points: { day: string; score: number | null }[];
  label: string;
}) {
  const height = 180;
  const y = scaleY(100, height - 24, 16);
  const at = xs(points.length, LEFT + 10, RIGHT - 10);
  return (
    <svg
      role="img"
      aria-label={`${label}: ${points.map((p) => `${p.day} ${p.score === null ? '–' : formatScore(p.score)}`).join(', ')}`}
      viewBox={`0 0 ${WIDTH} ${height}`}
      width="100%"
      style={{ maxWidth: WIDTH }}
      data-testid="score-trend"
    >
      <Axis max={100} y={y} />
      <path
        d={linePath(points.map((p, i) => ({ x: at[i]!, y: p.score === null ? null : y(p.score) })))}
        fill="none"
        stroke="var(--bs-primary)"
        strokeWidth={2}
      />
      {points.map((p, i) => (
        <g key={p.day}>
          {p.score !== null && (
            <circle cx={at[i]} cy={y(p.score)} r={4} fill={scoreColor(p.score)}>
              <title>{`${p.day}: ${formatScore(p.score)}`}</title>
            </circle>
          )}
          {(i % Math.ceil(points.length / 6) === 0 || i === points.length - 1) && (
            <text x={at[i]} y={height - 6} fontSize={10} textAnchor="middle" fill="currentColor">
              {p.day.slice(5)}
            </text>
          )}
        </g>
      ))}
    </svg>
  );
}

export type BacklogLabels = { needsReview: string; needsCoaching: string; overdue: string };

/** Per interval, stacked: waiting for review and for coaching; the overdue part in red. */
export function BacklogChart({
  title,
  points,
  labels,
}: {
  /** the chart's heading: its accessible name, even when it has no interval */
  title: string;
  points: CoachingBacklogPoint[];
  labels: BacklogLabels;
}) {
  const height = 200;
  const max = niceMax(Math.max(0, ...points.map((p) => p.needsReview + p.needsCoaching)));
  const y = scaleY(max, height - 24, 16);
  const at = xs(points.length, LEFT + 12, RIGHT - 12);
  const bar = Math.max(3, Math.min(28, (RIGHT - LEFT) / Math.max(1, points.length) - 4));
  const parts = (p: CoachingBacklogPoint) => [
    { key: 'review', value: p.needsReview, color: 'var(--bs-warning)', text: labels.needsReview },
    {
      key: 'coaching',
      value: p.needsCoaching - p.overdue,
      color: 'var(--bs-info)',
      text: labels.needsCoaching,
    },
    { key: 'overdue', value: p.overdue, color: 'var(--bs-danger)', text: labels.overdue },
  ];
  return (
    <div>
      <svg
        role="img"
        aria-label={describe(
          title,
          points.map(
            (p) =>
              `${p.day}: ${parts(p)
                .map((part) => `${part.text} ${part.value}`)
                .join(', ')}`,
          ),
        )}
        viewBox={`0 0 ${WIDTH} ${height}`}
        width="100%"
        style={{ maxWidth: WIDTH }}
        data-testid="backlog-chart"
      >
        <Axis max={max} y={y} />
        {points.map((p, i) => {
          let base = 0;
          return (
            <g key={p.day}>
              {parts(p).map((part) => {
                const top = y(base + part.value);
                const rect = (
                  <rect
                    key={part.key}
                    x={at[i]! - bar / 2}
                    y={top}
                    width={bar}
                    height={Math.max(0, y(base) - top)}
                    fill={part.color}
                  >
                    <title>{`${p.day} · ${part.text}: ${part.value}`}</title>
                  </rect>
                );
                base += part.value;
                return rect;
              })}
              {(i % Math.ceil(points.length / 8) === 0 || i === points.length - 1) && (
                <text
                  x={at[i]}
                  y={height - 6}
                  fontSize={10}
                  textAnchor="middle"
                  fill="currentColor"
                >
                  {p.day.slice(5)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <ul className="list-inline small mt-1 mb-0">
        {parts(points[0] ?? ({} as CoachingBacklogPoint)).map((part) => (
          <li key={part.key} className="list-inline-item me-3">
            <svg width={10} height={10} className="me-1" aria-hidden>
              <rect width={10} height={10} rx={2} fill={part.color} />
            </svg>
            {part.text}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Each coached driver's score before (hollow) and after (filled) their coaching, 0–100. */
export function BeforeAfterChart({
  title,
  rows,
  labels,
}: {
  /** the chart's heading: its accessible name, even when no driver has a score */
  title: string;
  rows: CoachingDriverRow[];
  labels: { before: string; after: string };
}) {
  const row = 26;
  const nameWidth = 150;
  const left = nameWidth + 10;
  const right = WIDTH - 16;
  const x = (score: number) => left + ((right - left) * score) / 100;
  const shown = rows.filter((r) => r.scoreBefore !== null || r.scoreAfter !== null);
  return (
    <svg
      role="img"
      aria-label={describe(
        title,
        shown.map(
          (r) =>
            `${r.driverName}: ${labels.before} ${r.scoreBefore === null ? '–' : formatScore(r.scoreBefore)}, ${labels.after} ${r.scoreAfter === null ? '–' : formatScore(r.scoreAfter)}`,
        ),
      )}
      viewBox={`0 0 ${WIDTH} ${Math.max(1, shown.length) * row + 20}`}
      width="100%"
      style={{ maxWidth: WIDTH }}
      data-testid="before-after"
    >
      {[0, 50, 100].map((v) => (
        <g key={v} fontSize={10} fill="currentColor">
          <line
            x1={x(v)}
            x2={x(v)}
            y1={0}
            y2={shown.length * row}
            stroke="var(--bs-border-color)"
          />
          <text x={x(v)} y={shown.length * row + 14} textAnchor="middle">
            {v}
          </text>
        </g>
      ))}
      {shown.map((r, i) => {
        const cy = i * row + row / 2;
        return (
          <g key={r.driverId}>
            <text x={0} y={cy + 4} fontSize={12} fill="currentColor">
              {r.driverName}
            </text>
            {r.scoreBefore !== null && r.scoreAfter !== null && (
              <line
                x1={x(r.scoreBefore)}
                x2={x(r.scoreAfter)}
                y1={cy}
                y2={cy}
                stroke="var(--bs-secondary-color)"
                strokeWidth={2}
              />
            )}
            {r.scoreBefore !== null && (
              <circle
                cx={x(r.scoreBefore)}
                cy={cy}
                r={5}
                fill="var(--bs-body-bg)"
                stroke="currentColor"
              >
                <title>{`${labels.before}: ${formatScore(r.scoreBefore)}`}</title>
              </circle>
            )}
            {r.scoreAfter !== null && (
              <circle cx={x(r.scoreAfter)} cy={cy} r={5} fill={scoreColor(r.scoreAfter)}>
                <title>{`${labels.after}: ${formatScore(r.scoreAfter)}`}</title>
              </circle>
            )}
          </g>
        );
      })}
    </svg>
  );
}
