import type { ScoreData } from '@fleet/contract';
import { Card, Col, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useReport } from '@/lib/api/get-report';
import { SCORE_KEYS } from '@/lib/driving-style-fields';
import type { Entity } from '../api/get-entity';
import {
  drivingStyleOf,
  drivingStyleShares,
  subjectData,
  type StyleBar,
  type StyleShare,
} from '../driving-style';
import { useEntityPeriod } from '../state';
import { ScoreBars, StackedBar } from './charts';
import { QueryState, StatsCard } from './shared';

/** The entity's report over the period chosen: one interval, the entity's data only. */
function useDrivingStyle(entity: Entity) {
  const period = useEntityPeriod();
  const report = useReport({
    kind: entity.type === 'ASSET' ? 'assets' : 'drivers',
    organisationId: entity.organisationId,
    entityId: entity.id,
    from: period.from,
    until: period.until,
    update: period.update,
  });
  return { report, style: report.data && drivingStyleOf(subjectData(report.data, entity)) };
}

/** Spec §2 Driving style: the period's statistics and scores, drawn where a chart says it better. */
export function DrivingStyleTab({ entity }: { entity: Entity }) {
  const { t } = useTranslation();
  const { report, style } = useDrivingStyle(entity);
  if (!report.data) return <QueryState query={report} />;
  if (!style) return <p className="text-body-secondary">{t('entity.drivingStyle.noData')}</p>;
  const shares = drivingStyleShares(style.stats);
  return (
    <Row className="g-3" data-testid="driving-style">
      <Col lg={6}>
        <ScoresCard scores={style.scores} />
      </Col>
      <Col lg={6}>
        <ShareCard title="timeShare" shares={shares.timeShare} className="mb-3" />
        <ShareCard title="drivingShare" shares={shares.drivingShare} className="mb-3" />
        <ShareCard title="fuel" shares={shares.fuel} />
      </Col>
      <Col lg={6}>
        <StatsCard data={style.stats} />
      </Col>
    </Row>
  );
}

function ScoresCard({ scores }: { scores: ScoreData }) {
  const { t } = useTranslation();
  return (
    <Card className="h-100">
      <Card.Header>{t('entity.drivingStyle.scores')}</Card.Header>
      <Card.Body>
        <ScoreBars
          items={SCORE_KEYS.map((key) => ({ label: t(`scores.${key}`), value: scores[key] }))}
        />
      </Card.Body>
    </Card>
  );
}

/** A bar of shares under its title; labels are keys of entity.drivingStyle. */
function ShareCard({
  title,
  shares,
  className,
}: {
  title: StyleBar;
  shares: StyleShare[];
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <Card className={className}>
      <Card.Header>{t(`entity.drivingStyle.${title}`)}</Card.Header>
      <Card.Body>
        <StackedBar
          shares={shares.map((share) => ({
            ...share,
            label: t(`entity.drivingStyle.${share.label}`),
          }))}
        />
      </Card.Body>
    </Card>
  );
}
