import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, Modal, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Loading } from '@/components/loading';
import { clientConfigQueryOptions } from '@/components/map/map-style';
import { errorText } from '@/lib/api-client';
import { defaultFilter, filterRange, useFilter } from '@/lib/filter';
import type { Period } from '../api/monitoring';

/** The shared filter's period, which the Monitoring tab carries (spec §2). */
export function usePeriod(): Period {
  const filter = useFilter();
  return useMemo(() => {
    const range = filterRange(filter) ?? filterRange(defaultFilter(new Date()))!;
    return { ...range, update: filter.update };
  }, [filter]);
}

/** Loading or the error of a query. */
export function QueryState({ query }: { query: { isPending: boolean; error: unknown } }) {
  const { t } = useTranslation();
  if (query.error)
    return (
      <Alert variant="danger">
        {t('monitoring.loadFailed', { message: errorText(query.error) })}
      </Alert>
    );
  if (query.isPending) return <Loading />;
  return null;
}

/** Says plainly when this server has no video gateway (client-config's liveVideo). */
export function LiveVideoNotice() {
  const { t } = useTranslation();
  const config = useQuery(clientConfigQueryOptions);
  const live = config.data?.liveVideo;
  if (!live || live.available) return null;
  return (
    <Alert variant="warning" data-testid="live-video-unavailable">
      {live.reason
        ? t('monitoring.liveVideoUnavailable', { reason: live.reason })
        : t('monitoring.liveVideoUnavailableNoReason')}
    </Alert>
  );
}

/** A button that asks before it acts (ending a monitoring cannot be undone). */
export function ConfirmButton({
  children,
  question,
  onConfirm,
  pending,
  className,
  testId,
}: {
  children: ReactNode;
  question: string;
  onConfirm: () => void;
  pending?: boolean;
  className?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="danger"
        className={className}
        disabled={pending}
        onClick={() => setOpen(true)}
        data-testid={testId}
      >
        {pending && <Spinner size="sm" className="me-2" aria-hidden />}
        {children}
      </Button>
      <Modal show={open} onHide={() => setOpen(false)} centered aria-labelledby="confirm-title">
        <Modal.Header closeButton>
          <Modal.Title id="confirm-title" as="h2" className="h5">
            {children}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>{question}</Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t('monitoring.request.cancel')}
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              setOpen(false);
              onConfirm();
            }}
          >
            {children}
          </Button>
        </Modal.Footer>
      </Modal>
    </>
  );
}
