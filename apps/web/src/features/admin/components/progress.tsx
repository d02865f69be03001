/**
 * A progress bar in Bootstrap's markup (react-bootstrap's ProgressBar is shared with other
 * screens, and one more shared chunk weighs on the sign-in page's preload list).
 */
export function Progress({
  percent,
  label,
  variant,
  animated,
  testId,
}: {
  percent: number;
  label: string;
  variant?: 'success' | 'warning' | 'danger';
  animated: boolean;
  testId: string;
}) {
  return (
    <div
      className="progress"
      role="progressbar"
      aria-label={label}
      aria-valuenow={percent}
      aria-valuemin={0}
      aria-valuemax={100}
      data-testid={testId}
    >
      <div
        className={`progress-bar${animated ? ' progress-bar-striped progress-bar-animated' : ''}${variant ? ` bg-${variant}` : ''}`}
        style={{ width: `${percent}%` }}
      >
        {percent} %
      </div>
    </div>
  );
}
