import { Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/**
 * What a screen shows until its answer has come (issue 19 §11): a spinner announced as a status,
 * never an empty or "none" text it has not received. `label` says what loads (default 'Loading…').
 */
export function Loading({
  label,
  inline = false,
  className,
}: {
  label?: string;
  /** within a line of text (a count, a cell) rather than a block of its own */
  inline?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const text = label ?? t('loading');
  const Tag = inline ? 'span' : 'div';
  return (
    <Tag
      role="status"
      aria-label={text}
      data-testid="loading"
      className={
        className ??
        (inline
          ? 'd-inline-flex align-items-center gap-2 text-body-secondary'
          : 'd-flex align-items-center gap-2 py-3 text-body-secondary')
      }
    >
      <Spinner size="sm" aria-hidden />
      {!inline && text}
    </Tag>
  );
}
