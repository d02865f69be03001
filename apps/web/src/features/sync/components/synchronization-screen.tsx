import '../locales/register';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { session, useAuthenticatedSession } from '@/lib/auth';
import { setFilter } from '@/lib/filter';
import { useConfiguration, useOrganisationName } from '../api/configuration';
import { ORGANISATION_PARAM } from '../results';
import { ApiKeysCard } from './api-keys-card';
import { ConfigurationCard } from './configuration-card';
import { RemoteOrganisationsCard } from './remote-organisations-card';
import { ResultsTimeline } from './results-timeline';
import { RunCard } from './run-card';
import { OemOnly, QueryState } from './shared';

/**
 * The organisation a link names (?organisation=, from Failed synchronizations) becomes the one
 * viewed, as a switch in the top bar would make it; else the one viewed.
 */
function useLinkedOrganisation(): number {
  const [params, setParams] = useSearchParams();
  const current = useAuthenticatedSession().organisation_id;
  const asked = Number(params.get(ORGANISATION_PARAM));
  const linked = Number.isSafeInteger(asked) && asked > 0 ? asked : null;
  useEffect(() => {
    if (linked === null) return;
    if (linked !== session.get()?.organisation_id) {
      session.setOrganisation(linked);
      setFilter({ group: 'ALL' });
    }
    setParams({}, { replace: true });
  }, [linked, setParams]);
  return linked ?? current;
}

/**
 * /management/synchronization (OEM): the synchronisation of the organisation viewed, from a
 * remote system (its configuration, the remote organisations it mirrors, runs and their
 * results), and the export side's keys by which other servers mirror it.
 */
export function SynchronizationScreen() {
  const { t } = useTranslation();
  return (
    <OemOnly
      header={<PageHeader title={t('nav.synchronization')} subtitle={t('nav.management')} />}
    >
      <Synchronization />
    </OemOnly>
  );
}

function Synchronization() {
  const { t } = useTranslation();
  const organisationId = useLinkedOrganisation();
  const name = useOrganisationName(organisationId);
  const configuration = useConfiguration(organisationId);
  return (
    <>
      <PageHeader title={t('nav.synchronization')} subtitle={name ?? t('nav.management')} />
      <QueryState query={configuration}>
        {(saved) => (
          <>
            <div className="row g-4 mb-4">
              <div className="col-xl-6">
                <ConfigurationCard
                  key={`${organisationId} ${saved?.id ?? 'new'}`}
                  organisationId={organisationId}
                  configuration={saved}
                />
              </div>
              <div className="col-xl-6">
                {saved && <RunCard organisationId={organisationId} configuration={saved} />}
                <RemoteOrganisationsCard organisationId={organisationId} configuration={saved} />
              </div>
            </div>
            {saved && <ResultsTimeline organisationId={organisationId} />}
          </>
        )}
      </QueryState>
      <ApiKeysCard organisationId={organisationId} />
    </>
  );
}
