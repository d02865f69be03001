import '../locales/register';
import { endpoints } from '@fleet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Badge, Card, ListGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { managementHrefs } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { api, useAuthenticatedSession } from '@/lib/auth';
import { endpointKey } from '@/lib/endpoint-key';
import { QueryState } from '../shared';

const overviewQueryOptions = (organisationId: number) => {
  const input = { params: { id: organisationId } };
  return queryOptions({
    queryKey: endpointKey(endpoints.managementOverview.get, input),
    queryFn: () => api.call(endpoints.managementOverview.get, input),
  });
};

const COUNTS = ['assets', 'devices', 'drivers', 'groups'] as const;

/** /management/overview: counts, and what needs attention, each a link to its filtered list. */
export function ManagementOverviewScreen({ subtitle }: { subtitle?: string }) {
  const { t } = useTranslation();
  const { organisation_id: organisationId } = useAuthenticatedSession();
  const overview = useQuery(overviewQueryOptions(organisationId));
  return (
    <>
      <PageHeader
        title={t('management.overview.title')}
        subtitle={subtitle || t('nav.management')}
      />
      <QueryState query={overview}>
        {(data) => (
          <>
            <section aria-label={t('management.overview.counts')} className="row g-3 mb-4">
              {COUNTS.map((resource) => (
                <div className="col-6 col-lg-3" key={resource}>
                  <Card className="h-100">
                    <Card.Body>
                      <Link
                        to={managementHrefs.list(resource)}
                        className="stretched-link text-decoration-none text-body-secondary"
                      >
                        {t(`management.overview.${resource}`)}
                      </Link>
                      <div className="display-6" data-testid={`count-${resource}`}>
                        {data.counts[resource]}
                      </div>
                    </Card.Body>
                  </Card>
                </div>
              ))}
            </section>
            <Card>
              <Card.Header as="h2" className="h6 mb-0 py-2">
                {t('management.overview.problems')}
              </Card.Header>
              <ListGroup variant="flush">
                {data.checks.map((check) => (
                  <ListGroup.Item
                    key={check.check}
                    action
                    as={Link}
                    to={managementHrefs.list(check.resource, { filter: check.filter })}
                    className="d-flex justify-content-between align-items-center"
                    data-testid={`check-${check.check}`}
                  >
                    {t(`management.overview.${check.check}`)}
                    <Badge
                      bg={check.count > 0 ? 'warning' : 'success'}
                      text={check.count > 0 ? 'dark' : undefined}
                      pill
                    >
                      {check.count}
                    </Badge>
                  </ListGroup.Item>
                ))}
              </ListGroup>
            </Card>
          </>
        )}
      </QueryState>
    </>
  );
}
