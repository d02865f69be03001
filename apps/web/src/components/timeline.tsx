import type { ReactNode } from 'react';

/**
 * A one-sided vertical timeline: a line down the left, each entry with a coloured dot on it; the
 * variant is a Bootstrap colour (success, danger…). The same markup as the raw data and media
 * tabs' timelines, which keep their own copy for now: a module shared by several lazy screens
 * becomes a chunk of its own, and each chunk's name weighs on the sign-in page's preload list
 * (the 150 kB budget). Moving them onto this is a two-line change once there is room.
 */
export function Timeline({
  children,
  label,
  testId,
}: {
  children: ReactNode;
  label?: string;
  testId?: string;
}) {
  return (
    <ul
      className="list-unstyled border-start border-2 ms-2 mb-0"
      aria-label={label}
      data-testid={testId}
    >
      {children}
    </ul>
  );
}

export function TimelineEntry({
  variant,
  children,
  testId,
}: {
  variant: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <li className="timeline-entry position-relative ps-4 pb-3" data-testid={testId}>
      <TimelineDot variant={variant} />
      {children}
    </li>
  );
}

/** The coloured dot of a timeline entry. */
export function TimelineDot({ variant }: { variant: string }) {
  return (
    <span
      className={`position-absolute start-0 translate-middle-x rounded-circle bg-${variant}`}
      style={{ top: 6, left: 0, width: 12, height: 12 }}
      aria-hidden
    />
  );
}
