import '../locales/register';
import { useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Card, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { errorText } from '@/lib/api-client';
import { formatDateTime, fromDateTimeLocal, toDateTimeLocal } from '@/lib/fleet-time';
import { useEntity } from '../api/entities';
import { LINK_KINDS, type Link, type LinkKind, type LinkSubject } from '../api/links';
import { entityName } from '../columns';
import { QueryState } from '../shared';
import { SyncBadge } from '../sync-marks/sync-badge';
import { syncMarkOf } from '../sync-marks/sync-mark';
import { useLinkSection, type Outcome } from './use-link-section';

/** entity/links (spec §2, §4): an asset's device and driver links, or a device's or driver's assets. */
export function LinksScreen({ subject, id }: { subject: LinkSubject; id: number }) {
  const { t } = useTranslation();
  const entity = useEntity(subject, id);
  const name = entityName(subject, entity.data);
  return (
    <>
      <PageHeader
        title={name ? t('management.links.title', { name }) : t('management.list.links')}
        subtitle={t(`management.resources.${subject}`)}
      />
      {LINK_KINDS[subject].map((kind) => (
        <LinkSection key={kind} subject={subject} id={id} kind={kind} />
      ))}
    </>
  );
}

function LinkSection({ subject, id, kind }: { subject: LinkSubject; id: number; kind: LinkKind }) {
  const { t } = useTranslation();
  const section = useLinkSection(subject, id, kind);
  const { mutation, writes } = section;
  const title = t(`management.links.${section.counterpart}`);
  return (
    <section className="mb-4" aria-label={title}>
      <h2 className="h5">{title}</h2>
      {mutation.isError && (
        <Alert variant="danger" role="alert" dismissible onClose={() => mutation.reset()}>
          {t('management.links.refused', { message: errorText(mutation.error) })}
        </Alert>
      )}
      {section.outcome && (
        <OutcomeAlert outcome={section.outcome} onClose={section.dismissOutcome} />
      )}
      <div className="row g-3">
        {writes && (
          <div className="col-lg-5">
            <LinkForm
              label={title}
              options={section.options}
              busy={mutation.isPending}
              onLink={section.link}
            />
          </div>
        )}
        <div className={writes ? 'col-lg-7' : 'col-12'}>
          <LinkHistory title={title} section={section} />
        </div>
      </div>
    </section>
  );
}

/** What was done, and which days the fleet re-processes for it. */
function OutcomeAlert({ outcome, onClose }: { outcome: Outcome; onClose: () => void }) {
  const { t } = useTranslation();
  const { days } = outcome;
  return (
    <Alert variant="success" role="status" dismissible onClose={onClose}>
      {outcome.text}.{' '}
      {days &&
        (days.first === days.last
          ? t('management.links.reprocessOne', { day: days.first })
          : t('management.links.reprocess', { from: days.first, until: days.last }))}
    </Alert>
  );
}

/** The links of one kind, newest first, each with its end and delete. */
function LinkHistory({
  title,
  section,
}: {
  title: string;
  section: ReturnType<typeof useLinkSection>;
}) {
  const { t } = useTranslation();
  return (
    <Card>
      <Card.Header>{t('management.links.history')}</Card.Header>
      <Card.Body>
        <QueryState query={section.links}>
          {(rows) =>
            rows.length === 0 ? (
              <p className="text-body-secondary mb-0">{t('management.links.none')}</p>
            ) : (
              <ol
                className="list-unstyled mb-0 link-timeline"
                aria-label={`${title}: ${t('management.links.history')}`}
              >
                {rows.map((row) => (
                  <TimelineItem
                    key={row.id}
                    row={row}
                    name={section.nameOf(row)}
                    writes={section.writes}
                    busy={section.mutation.isPending}
                    onTerminate={(until) => section.terminate(row, until)}
                    onDelete={() => section.remove(row)}
                  />
                ))}
              </ol>
            )
          }
        </QueryState>
      </Card.Body>
    </Card>
  );
}

/** Choose the device, driver or asset and link it now or from a past moment. */
function LinkForm({
  label,
  options,
  busy,
  onLink,
}: {
  label: string;
  options: { id: number; name: string }[];
  busy: boolean;
  onLink: (otherId: number, from: Date | null) => void;
}) {
  const { t } = useTranslation();
  const [otherId, setOtherId] = useState('');
  const [past, setPast] = useState(false);
  const [from, setFrom] = useState(() => toDateTimeLocal(new Date()));
  const fromDate = fromDateTimeLocal(from);
  const valid = otherId !== '' && (!past || fromDate !== null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid) onLink(Number(otherId), past ? fromDate : null);
  };
  const group = `link-${label}`;
  return (
    <Card>
      <Card.Header>{t('management.links.link')}</Card.Header>
      <Card.Body>
        <form noValidate onSubmit={submit} aria-label={`${t('management.links.link')}: ${label}`}>
          <Form.Group className="mb-3" controlId={`${group}-target`}>
            <Form.Label>{t('management.links.linkTo')}</Form.Label>
            <Form.Select
              required
              value={otherId}
              onChange={(event) => setOtherId(event.target.value)}
            >
              <option value="">{t('management.links.choose')}</option>
              {options.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.name}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <Form.Check
            type="radio"
            id={`${group}-now`}
            name={`${group}-when`}
            label={t('management.links.now')}
            checked={!past}
            onChange={() => setPast(false)}
          />
          <Form.Check
            type="radio"
            id={`${group}-past`}
            name={`${group}-when`}
            label={t('management.links.pastMoment')}
            checked={past}
            onChange={() => setPast(true)}
          />
          {past && (
            <Form.Group className="mt-2" controlId={`${group}-from`}>
              <Form.Label>{t('management.links.from')}</Form.Label>
              <Form.Control
                type="datetime-local"
                step={1}
                required
                isInvalid={fromDate === null}
                value={from}
                onChange={(event) => setFrom(event.target.value)}
              />
            </Form.Group>
          )}
          <Button type="submit" className="mt-3" disabled={!valid || busy}>
            {t('management.links.link')}
          </Button>
        </form>
      </Card.Body>
    </Card>
  );
}

function TimelineItem({
  row,
  name,
  writes,
  busy,
  onTerminate,
  onDelete,
}: {
  row: Link;
  name: string;
  writes: boolean;
  busy: boolean;
  onTerminate: (until: Date | null) => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const [until, setUntil] = useState('');
  const open = row.until === null;
  // A synchronised link is ended or deleted on its remote (the server answers 409).
  const mark = syncMarkOf(row);
  return (
    <li className="border-start border-3 ps-3 pb-3 position-relative" data-testid="link-item">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <strong>{name}</strong>
        {open ? (
          <Badge bg="success">{t('management.links.current')}</Badge>
        ) : (
          <Badge bg="secondary">{t('management.links.ended')}</Badge>
        )}
        <SyncBadge record={row} />
      </div>
      <div className="text-body-secondary small">
        {t('management.links.from')} {formatDateTime(row.from)} —{' '}
        {open
          ? t('management.links.open')
          : `${t('management.links.until')} ${formatDateTime(row.until)}`}
      </div>
      {mark?.kind === 'synchronised' && writes && (
        <div className="small text-body-secondary mt-1">
          {t('management.sync.linkReadOnly', {
            remote: mark.remote ?? t('management.sync.anotherSystem'),
          })}
        </div>
      )}
      {writes && mark?.kind !== 'synchronised' && (
        <div className="d-flex flex-wrap gap-2 mt-2 align-items-center">
          {open && (
            <>
              <Form.Control
                size="sm"
                type="datetime-local"
                step={1}
                className="w-auto"
                aria-label={`${t('management.links.terminateAt')}: ${name}`}
                value={until}
                onChange={(event) => setUntil(event.target.value)}
              />
              <Button
                size="sm"
                variant="outline-dark"
                disabled={busy}
                onClick={() => onTerminate(until ? fromDateTimeLocal(until) : null)}
              >
                {t('management.links.terminate')}
              </Button>
            </>
          )}
          <Button
            size="sm"
            variant="outline-danger"
            disabled={busy}
            aria-label={`${t('management.links.delete')}: ${name}`}
            onClick={onDelete}
          >
            {t('management.links.delete')}
          </Button>
        </div>
      )}
    </li>
  );
}
