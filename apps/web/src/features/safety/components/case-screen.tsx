import '../locales/review/register';
import type { SafetyAction, SafetyCaseDetail } from '@fleet/contract';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Col, Row, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { notify } from '@/components/notifications';
import { PageHeader } from '@/components/page-header';
import { hrefs, paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/fleet-time';
import { useEventTypeLabel } from '@/lib/use-labels';
import { useCase, useCaseMinute } from '../api/cases';
import { readQueue, writeInbox, readInbox } from '../inbox-state';
import { shortcutOf, type ShortcutCommand } from '../shortcuts';
import { ActionsCard, CaseActionDialog, ShortcutsHelp } from './case-actions';
import { CaseAudit, CaseComments, CaseFacts, CaseHistory } from './case-parts';
import { MinuteChart } from './minute-chart';
import { QueryState } from './shared';

// The map (MapLibre) is its own chunk, as on the trips.
const CaseMap = lazy(() => import('./case-map'));

/** The footage of a case: the media feature's player, composed in by app/. */
export type CaseMediaSlot = (item: SafetyCaseDetail) => ReactNode;

/** After these the reviewer goes on to the next case of the queue, if there is one. */
const ADVANCING: readonly SafetyAction[] = ['DISMISS', 'COACH', 'RECOGNISE'];
const SHORTCUT_ACTIONS: Partial<Record<ShortcutCommand, SafetyAction>> = {
  dismiss: 'DISMISS',
  coach: 'COACH',
  recognise: 'RECOGNISE',
};

const isUnreachable = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 403);

/** j/k, arrows, d, c, r and ? on the page, while no dialog is open. */
function useShortcuts(active: boolean, run: (command: ShortcutCommand) => void) {
  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      // Named one by one: a KeyboardEvent's fields are getters, which a spread does not copy.
      const { key, ctrlKey, metaKey, altKey } = event;
      const target = event.target as HTMLElement | null;
      const command = shortcutOf({ key, ctrlKey, metaKey, altKey, target });
      if (!command) return;
      event.preventDefault();
      run(command);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });
}

function NotFoundCase() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('screens.safetyCase')} />
      <Alert variant="warning" data-testid="case-not-found">
        {t('safety.case.notFound')}
      </Alert>
      <Link to={paths.safety.inbox}>{t('safety.case.back')}</Link>
    </>
  );
}

/** The footage, the minute around the event as a chart, and the map. */
function Evidence({ item, media }: { item: SafetyCaseDetail; media?: CaseMediaSlot }) {
  const { t } = useTranslation();
  const minute = useCaseMinute(item.id);
  return (
    <>
      <Card className="mb-3">
        <Card.Header>{t('safety.case.media')}</Card.Header>
        <Card.Body className="p-2" data-testid="case-media">
          {item.media.length > 0 && media ? (
            media(item)
          ) : (
            <p className="text-body-secondary mb-0 p-2">
              {item.clipRequested ? t('safety.case.clipRequested') : t('safety.case.noMedia')}
            </p>
          )}
        </Card.Body>
      </Card>
      <Card className="mb-3">
        <Card.Header>{t('safety.case.minute')}</Card.Header>
        <Card.Body>
          {minute.data ? (
            <MinuteChart minute={minute.data} eventTime={item.eventTime} />
          ) : (
            <QueryState query={minute} />
          )}
        </Card.Body>
      </Card>
      <Card className="mb-3">
        <Card.Header>{t('safety.case.map')}</Card.Header>
        <Card.Body className="p-2">
          <Suspense fallback={<Spinner size="sm" />}>
            <CaseMap item={item} minute={minute.data} />
          </Suspense>
        </Card.Body>
      </Card>
    </>
  );
}

/**
 * A case's page (issue 20 §4): the clip at once, the minute around the event, the map, the
 * asset and driver, the history and comments, and the actions, with shortcuts to walk the queue
 * the inbox was filtered to (its filters ride in the URL).
 */
export function CaseScreen({ caseId, media }: { caseId: number; media?: CaseMediaSlot }) {
  const { t } = useTranslation();
  const eventLabel = useEventTypeLabel();
  const location = useLocation();
  const navigate = useNavigate();
  const queueParams = new URLSearchParams(location.search);
  const queue = readQueue(queueParams);
  const query = useCase(caseId, queue);
  const [dialog, setDialog] = useState<SafetyAction | null>(null);
  const [help, setHelp] = useState(false);
  const item = query.data;

  const go = (id: number | null | undefined) => {
    if (id) void navigate(hrefs.safetyCase(id, location.search.slice(1)));
    else notify(t('safety.case.queueEnd'), { type: 'info' });
  };
  const open = (action: SafetyAction) => {
    if (item?.allowedActions.includes(action)) setDialog(action);
  };
  useShortcuts(dialog === null && !!item, (command) => {
    if (command === 'next') return go(item?.nextId);
    if (command === 'previous') return go(item?.previousId);
    if (command === 'help') return setHelp(!help);
    const action = SHORTCUT_ACTIONS[command];
    if (action) open(action);
  });

  if (query.error && isUnreachable(query.error)) return <NotFoundCase />;
  if (!item) return <QueryState query={query} />;

  const done = (action: SafetyAction) => {
    setDialog(null);
    notify(t(`safety.actions.done.${action}`), { type: 'success' });
    // The next of the queue as it stood before the change (the case may now leave it).
    if (ADVANCING.includes(action) && item.nextId) go(item.nextId);
  };
  const inboxLink = `${paths.safety.inbox}?${writeInbox({ ...readInbox(queueParams), page: 1 })}`;

  return (
    <div data-testid="case-page" data-case-id={item.id} data-status={item.status}>
      <PageHeader
        title={`${eventLabel(item.eventType)} · ${item.assetName}`}
        subtitle={formatDateTime(item.eventTime)}
        actions={
          <>
            <Link className="btn btn-link" to={inboxLink}>
              {t('safety.case.back')}
            </Link>
            <Button
              variant="outline-primary"
              disabled={!item.previousId}
              onClick={() => go(item.previousId)}
              aria-keyshortcuts="k ArrowLeft"
            >
              ← {t('safety.case.previous')}
            </Button>
            <Button
              variant="outline-primary"
              disabled={!item.nextId}
              onClick={() => go(item.nextId)}
              aria-keyshortcuts="j ArrowRight"
            >
              {t('safety.case.next')} →
            </Button>
            <ShortcutsHelp show={help} onToggle={setHelp} />
          </>
        }
      />
      <Row>
        <Col lg={7}>
          <Evidence item={item} media={media} />
        </Col>
        <Col lg={5}>
          <ActionsCard item={item} onOpen={open} />
          <CaseFacts item={item} />
          <CaseHistory history={item.history} />
          <CaseComments item={item} />
          <CaseAudit item={item} />
        </Col>
      </Row>
      {dialog && (
        <CaseActionDialog
          item={item}
          action={dialog}
          onDone={done}
          onHide={() => setDialog(null)}
        />
      )}
    </div>
  );
}
