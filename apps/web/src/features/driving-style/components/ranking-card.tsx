import { isLinkable } from '@fleet/contract';
import { useState } from 'react';
import { Alert, Card, Col, Nav, ProgressBar, Row, Tab } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Loading } from '@/components/loading';
import { hrefs } from '@/config/paths';
import { errorText } from '@/lib/api-client';
import type { EntityKind, Ranking, RankingRow } from '../rankings';

export interface RankingSource {
  ranking: Ranking;
  pending: boolean;
  error: unknown;
}

function RankingEntry({
  row,
  kind,
  section,
}: {
  row: RankingRow;
  kind: EntityKind;
  section: 'best' | 'worst';
}) {
  const name = isLinkable(row) ? (
    <Link to={kind === 'asset' ? hrefs.assetDetail(row.id) : hrefs.driverDetail(row.id)}>
      {row.name}
    </Link>
  ) : (
    <span>{row.name}</span>
  );
  return (
    <li className="list-group-item px-0 py-2" data-testid="ranking-entry" data-section={section}>
      <div className="d-flex justify-content-between gap-2 small">
        <span className="text-truncate">
          <span className="text-body-secondary me-2">{row.rank}.</span>
          {name}
        </span>
        <span className="text-nowrap fw-semibold">{row.shown}</span>
      </div>
      {/* The inner bar is the progressbar: only a child bar passes its name on to it. */}
      <ProgressBar style={{ height: 3 }} className="mt-1">
        <ProgressBar now={row.percentage} max={100} aria-label={`${row.name}: ${row.shown}`} />
      </ProgressBar>
    </li>
  );
}

function Separator({ children }: { children: string }) {
  return (
    // A list holds only items: the section's title is an item with a heading, not a separator.
    <li className="list-group-item px-0 pt-3 pb-1 border-0">
      <h3 className="mb-0 small fw-semibold text-uppercase text-body-secondary">{children}</h3>
    </li>
  );
}

function RankingList({ source, kind }: { source: RankingSource; kind: EntityKind }) {
  const { t } = useTranslation();
  if (source.pending) return <Loading />;
  if (source.error)
    return (
      <Alert variant="danger" className="mb-0">
        {t('drivingStyle.loadFailed', { message: errorText(source.error) })}
      </Alert>
    );
  const { best, worst } = source.ranking;
  if (best.length === 0)
    return <p className="text-body-secondary mb-0">{t('drivingStyle.empty')}</p>;
  // Each section says how many it holds: 'Best 50' and 'Worst 50' from 100 entries on, fewer
  // when the list is split in two (issue 19 §7); a section with nothing in it is left out.
  return (
    <ul className="list-group list-group-flush">
      <Separator>{t('drivingStyle.best', { count: best.length })}</Separator>
      {best.map((row) => (
        <RankingEntry key={row.id} row={row} kind={kind} section="best" />
      ))}
      {worst.length > 0 && (
        <Separator>{t('drivingStyle.worst', { count: worst.length })}</Separator>
      )}
      {worst.map((row) => (
        <RankingEntry key={row.id} row={row} kind={kind} section="worst" />
      ))}
    </ul>
  );
}

/**
 * A ranking card (spec §2): a tab list on the left (Assets, Drivers), the ranked list on the
 * right, the average of the shown tab in the header.
 */
export function RankingCard({
  title,
  assets,
  drivers,
  testId,
}: {
  title: string;
  assets: RankingSource;
  drivers: RankingSource;
  testId: string;
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<EntityKind>('asset');
  const average = (tab === 'asset' ? assets : drivers).ranking.average;
  return (
    <Card className="h-100" data-testid={testId}>
      <Card.Header className="d-flex justify-content-between align-items-baseline gap-2">
        <h2 className="h6 mb-0">{title}</h2>
        {average !== null && (
          <span className="small text-body-secondary" data-testid="ranking-average">
            {t('drivingStyle.average', { value: average })}
          </span>
        )}
      </Card.Header>
      <Card.Body>
        <Tab.Container activeKey={tab} onSelect={(key) => key && setTab(key as EntityKind)}>
          <Row className="g-3">
            <Col xs={12} md={4} xl={3}>
              <Nav variant="pills" className="flex-md-column">
                <Nav.Item>
                  <Nav.Link eventKey="asset">{t('drivingStyle.assets')}</Nav.Link>
                </Nav.Item>
                <Nav.Item>
                  <Nav.Link eventKey="driver">{t('drivingStyle.drivers')}</Nav.Link>
                </Nav.Item>
              </Nav>
            </Col>
            <Col xs={12} md={8} xl={9}>
              <Tab.Content>
                <Tab.Pane eventKey="asset">
                  <RankingList source={assets} kind="asset" />
                </Tab.Pane>
                <Tab.Pane eventKey="driver">
                  <RankingList source={drivers} kind="driver" />
                </Tab.Pane>
              </Tab.Content>
            </Col>
          </Row>
        </Tab.Container>
      </Card.Body>
    </Card>
  );
}
