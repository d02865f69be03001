import { MAX_SYNC_EXTERNAL_IDS, type SyncConfiguration } from '@fleet/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Button, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { notify } from '@/components/notifications';
import { errorText } from '@/lib/api-client';
import { remoteOrganisationsQueryOptions, setExternalIds, syncKeys } from '../api/configuration';
import { remoteTree, unknownIds } from '../results';
import { Loading } from './shared';

/**
 * The remote organisation picker: what the remote offers for the configuration's key (GET
 * organisations?server=), the ones this organisation mirrors ticked; saved with PUT externalids.
 */
export function RemoteOrganisationsCard({
  organisationId,
  configuration,
}: {
  organisationId: number;
  configuration: SyncConfiguration | null;
}) {
  const { t } = useTranslation();
  return (
    <Card>
      <Card.Body>
        <Card.Title as="h2" className="h6 mb-1">
          {t('sync.remote.title')}
        </Card.Title>
        <p className="small text-body-secondary">{t('sync.remote.intro')}</p>
        {configuration === null ? (
          <p className="text-body-secondary mb-0">{t('sync.remote.needsConfiguration')}</p>
        ) : !configuration.apiKeySet ? (
          <p className="text-body-secondary mb-0">{t('sync.remote.needsKey')}</p>
        ) : (
          // A new address or saved list starts the choice again.
          <Picker
            key={`${configuration.server} ${configuration.externalIds.join(' ')}`}
            organisationId={organisationId}
            configuration={configuration}
          />
        )}
      </Card.Body>
    </Card>
  );
}

function Picker({
  organisationId,
  configuration,
}: {
  organisationId: number;
  configuration: SyncConfiguration;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const offered = useQuery(remoteOrganisationsQueryOptions(organisationId, configuration.server));
  const [chosen, setChosen] = useState<string[]>(configuration.externalIds);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  const saved = configuration.externalIds;
  const dirty = chosen.length !== saved.length || chosen.some((id) => !saved.includes(id));
  const full = chosen.length >= MAX_SYNC_EXTERNAL_IDS;
  const gone = unknownIds(chosen, offered.data);
  const toggle = (id: string, on: boolean) =>
    setChosen((ids) => (on ? [...ids, id] : ids.filter((other) => other !== id)));

  const save = async () => {
    setFailure(null);
    setSaving(true);
    try {
      const updated = await setExternalIds(organisationId, { externalIds: chosen });
      queryClient.setQueryData(syncKeys.configuration(organisationId), updated);
      notify(t('sync.remote.saved'), { type: 'success' });
    } catch (error) {
      setFailure(error);
    } finally {
      setSaving(false);
    }
  };

  const box = (id: string, label: string, depth: number, note?: string) => {
    const on = chosen.includes(id);
    const inputId = `remote-organisation-${id}`;
    return (
      <li key={id} className="form-check" style={{ marginLeft: `${depth * 1.5}rem` }}>
        <input
          type="checkbox"
          className="form-check-input"
          id={inputId}
          checked={on}
          disabled={!on && full}
          onChange={(event) => toggle(id, event.target.checked)}
        />
        <label className="form-check-label" htmlFor={inputId}>
          {label}{' '}
          <span className={note ? 'text-danger small' : 'text-body-secondary small'}>
            ({note ?? t('sync.remote.id', { id })})
          </span>
        </label>
      </li>
    );
  };

  return (
    <>
      {failure !== null && (
        <Alert variant="danger" role="alert">
          {errorText(failure)}
        </Alert>
      )}
      {offered.isPending ? (
        <Loading text={t('sync.remote.asking', { server: configuration.server })} />
      ) : offered.isError ? (
        <Alert variant="warning" data-testid="remote-failed">
          {t('sync.remote.failed', { message: errorText(offered.error) })}
        </Alert>
      ) : offered.data.length === 0 ? (
        <p className="text-body-secondary">{t('sync.remote.none')}</p>
      ) : null}
      <ul
        className="list-unstyled mb-3"
        aria-label={t('sync.remote.title')}
        data-testid="remote-organisations"
      >
        {offered.data && remoteTree(offered.data).map((o) => box(o.externalId, o.name, o.depth))}
        {(offered.data ? gone : chosen).map((id) =>
          box(id, id, 0, offered.data ? t('sync.remote.unknown', { id }) : undefined),
        )}
      </ul>
      {full && (
        <p className="form-text">{t('sync.remote.tooMany', { count: MAX_SYNC_EXTERNAL_IDS })}</p>
      )}
      <div className="d-flex flex-wrap gap-2">
        <Button onClick={() => void save()} disabled={!dirty || saving}>
          {saving && <span className="spinner-border spinner-border-sm me-2" aria-hidden />}
          {t('sync.remote.save')}
        </Button>
        <Button
          variant="outline-secondary"
          onClick={() => void offered.refetch()}
          disabled={offered.isFetching}
        >
          {t('sync.remote.reload')}
        </Button>
      </div>
    </>
  );
}
