import '../locales/review/register';
import '../locales/coaching/register';
import { formatDate, formatDateTime, type MySafety, type SafetyCase } from '@fleet/contract';
import { useState } from 'react';
import { Alert, Button, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { notify } from '@/components/notifications';
import { errorText } from '@/lib/api-client';
import { useEventTypeLabel } from '@/lib/use-labels';
import { useAcknowledge, useCaseClip, useMySafety } from '../my-safety-api';
import { ScoreTrendChart } from './coaching-report-charts';
import { QueryState, StatusBadge } from './shared';

/**
 * My safety (issue 20 §4): a DRIVER's own cases per status, the coaching they acknowledge (with
 * its clip when the organisation lets drivers see it) and their weekly score.
 */
export function MySafetyScreen() {
  const { t } = useTranslation();
  const query = useMySafety();
  return (
    <>
      <PageHeader
        title={t('coaching.my.title')}
        subtitle={
          query.data?.driver
            ? t('coaching.my.driverAs', { name: query.data.driver.name })
            : undefined
        }
      />
      <QueryState query={query} />
      {query.data &&
        (query.data.driver === null ? (
          <Alert variant="info">{t('coaching.my.notLinked')}</Alert>
        ) : (
          <MySafetyBody page={query.data} />
        ))}
    </>
  );
}

function MySafetyBody({ page }: { page: MySafety }) {
  const { t } = useTranslation();
  const shown = (
    ['NEEDS_COACHING', 'COACHED', 'NEEDS_REVIEW', 'RECOGNISED', 'DISMISSED'] as const
  ).filter((s) => page.counts[s] > 0);
  return (
    <div className="row g-4">
      <div className="col-xl-7 d-flex flex-column gap-3">
        <h2 className="h5 mb-0">{t('coaching.my.toAcknowledge')}</h2>
        {page.toAcknowledge.length === 0 ? (
          <Alert variant="success" className="mb-0">
            {t('coaching.my.nothingToAcknowledge')}
          </Alert>
        ) : (
          page.toAcknowledge.map((c) => (
            <CoachingCard key={c.id} kase={c} clips={page.driversSeeClips} />
          ))
        )}
      </div>
      <div className="col-xl-5 d-flex flex-column gap-3">
        <Card body>
          <h2 className="h6">{t('coaching.my.counts')}</h2>
          <ul className="list-unstyled mb-0 d-flex flex-wrap gap-3" data-testid="my-counts">
            <li>
              {t('coaching.my.total')}: <strong>{page.counts.total}</strong>
            </li>
            {shown.map((s) => (
              <li key={s}>
                <StatusBadge status={s} /> <strong>{page.counts[s]}</strong>
              </li>
            ))}
          </ul>
        </Card>
        <Card body>
          <h2 className="h6">{t('coaching.my.trend')}</h2>
          <p className="small text-body-secondary">{t('coaching.my.trendHint')}</p>
          <ScoreTrendChart points={page.scoreTrend} label={t('coaching.my.trend')} />
        </Card>
      </div>
    </div>
  );
}

/** One coaching to acknowledge: what happened, who coaches and by when, the clip, the button. */
function CoachingCard({ kase, clips }: { kase: SafetyCase; clips: boolean }) {
  const { t } = useTranslation();
  const eventType = useEventTypeLabel();
  const acknowledge = useAcknowledge();
  const [showClip, setShowClip] = useState(false);
  const onAcknowledge = () =>
    acknowledge.mutate(kase.id, {
      onSuccess: () => notify(t('coaching.my.acknowledged'), { type: 'success' }),
      onError: (error) => notify(errorText(error), { type: 'danger' }),
    });
  return (
    <Card
      data-testid="to-acknowledge"
      data-case-id={kase.id}
      aria-label={eventType(kase.eventType)}
    >
      <Card.Body className="d-flex flex-column gap-2">
        <div className="d-flex flex-wrap justify-content-between gap-2">
          <div>
            <strong>{eventType(kase.eventType)}</strong>{' '}
            <span className="text-body-secondary">
              {formatDateTime(kase.eventTime)} · {kase.assetName}
            </span>
          </div>
          <StatusBadge status={kase.status} overdue={kase.overdue} />
        </div>
        <div className="small">
          {kase.coachName && (
            <span className="me-3">{t('coaching.my.coach', { name: kase.coachName })}</span>
          )}
          {kase.status === 'COACHED' && kase.coachedAt ? (
            <span>
              {t('coaching.my.coachedBy', {
                method: kase.coachingMethod ? t(`coaching.methods.${kase.coachingMethod}`) : '',
                date: formatDate(kase.coachedAt),
              })}
            </span>
          ) : (
            kase.dueDate && <span>{t('coaching.my.due', { date: kase.dueDate })}</span>
          )}
        </div>
        {showClip && <CaseClip caseId={kase.id} />}
        <div className="d-flex gap-2">
          <Button onClick={onAcknowledge} disabled={acknowledge.isPending}>
            {t('coaching.my.acknowledge')}
          </Button>
          {kase.mediaCount > 0 &&
            (clips ? (
              <Button variant="outline-secondary" onClick={() => setShowClip((s) => !s)}>
                {showClip ? t('coaching.my.hideClip') : t('coaching.my.showClip')}
              </Button>
            ) : (
              <span className="small text-body-secondary align-self-center">
                {t('coaching.my.clipsHidden')}
              </span>
            ))}
        </div>
      </Card.Body>
    </Card>
  );
}

function CaseClip({ caseId }: { caseId: number }) {
  const { t } = useTranslation();
  const clip = useCaseClip(caseId, true);
  if (clip.isPending || clip.error) return <QueryState query={clip} />;
  if (!clip.data) return <p className="small mb-0">{t('coaching.my.noClip')}</p>;
  return clip.data.medium.mimeType === 'video/mp4' ? (
    <video
      src={clip.data.url}
      controls
      autoPlay
      muted
      className="w-100 rounded"
      style={{ maxHeight: 320 }}
    />
  ) : (
    <img src={clip.data.url} alt={clip.data.medium.fileName} className="w-100 rounded" />
  );
}
