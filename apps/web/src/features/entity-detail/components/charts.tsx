import { formatScore } from '@fleet/contract';

/** Bootstrap's success/warning/danger for a score of 0–100. */
export const scoreColor = (score: number) =>
  score >= 75 ? 'var(--bs-success)' : score >= 50 ? 'var(--bs-warning)' : 'var(--bs-danger)';

/** Horizontal bars of 0–100 scores, labelled on the left, value on the right. */
export function ScoreBars({ items }: { items: { label: string; value: number }[] }) {
  const row = 26;
  const labelWidth = 150;
  const barWidth = 260;
  const width = labelWidth + barWidth + 50;
  return (
    <svg
      role="img"
      aria-label={items.map((item) => `${item.label}: ${formatScore(item.value)}`).join(', ')}
      viewBox={`0 0 ${width} ${items.length * row}`}
      width="100%"
      style={{ maxWidth: width }}
      data-testid="score-bars"
    >
      {items.map((item, index) => {
        const y = index * row;
        const value = Math.max(0, Math.min(100, item.value));
        return (
          <g key={item.label} transform={`translate(0 ${y})`}>
            <title>{`${item.label}: ${formatScore(item.value)}`}</title>
            <text x={0} y={row / 2 + 4} fontSize={12} fill="currentColor">
              {item.label}
            </text>
            <rect
              x={labelWidth}
              y={5}
              width={barWidth}
              height={row - 10}
              rx={3}
              fill="var(--bs-secondary-bg)"
            />
            <rect
              x={labelWidth}
              y={5}
              width={(barWidth * value) / 100}
              height={row - 10}
              rx={3}
              fill={scoreColor(value)}
            />
            <text
              x={labelWidth + barWidth + 8}
              y={row / 2 + 4}
              fontSize={12}
              fill="currentColor"
              fontWeight={600}
            >
              {formatScore(item.value)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

export type Share = { label: string; value: number; color: string; text: string };

/** One bar split into shares of the whole, with a legend underneath. */
export function StackedBar({ shares }: { shares: Share[] }) {
  const total = shares.reduce((sum, share) => sum + Math.max(0, share.value), 0);
  const width = 460;
  let x = 0;
  return (
    <div>
      <svg
        role="img"
        aria-label={shares.map((share) => `${share.label}: ${share.text}`).join(', ')}
        viewBox={`0 0 ${width} 24`}
        width="100%"
        style={{ maxWidth: width }}
        preserveAspectRatio="none"
      >
        <rect x={0} y={0} width={width} height={24} rx={4} fill="var(--bs-secondary-bg)" />
        {total > 0 &&
          shares.map((share) => {
            const w = (width * Math.max(0, share.value)) / total;
            const rect = (
              <rect key={share.label} x={x} y={0} width={w} height={24} fill={share.color}>
                <title>{`${share.label}: ${share.text}`}</title>
              </rect>
            );
            x += w;
            return rect;
          })}
      </svg>
      <ul className="list-inline small mt-2 mb-0">
        {shares.map((share) => (
          <li key={share.label} className="list-inline-item me-3">
            <svg width={10} height={10} className="me-1" aria-hidden>
              <rect width={10} height={10} rx={2} fill={share.color} />
            </svg>
            {share.label}{' '}
            <span className="text-body-secondary">
              {share.text}
              {total > 0 && ` · ${Math.round((100 * Math.max(0, share.value)) / total)}%`}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
