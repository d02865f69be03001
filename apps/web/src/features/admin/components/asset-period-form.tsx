import type { UseQueryResult } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/api-client';
import { useAuthenticatedSession } from '@/lib/auth';
import type { Window } from '../api';
import { checkPeriod, periodErrors, yesterday, type PeriodDraft } from '../period';
import { AssetSelect, OrganisationSelect, PeriodFields } from './pickers';

export interface AssetPeriod {
  assetId: number;
  window: Window;
}

/** An organisation, one of its assets and a period, checked before `onShow` gets them. */
export function AssetPeriodForm({
  label,
  busy,
  onShow,
}: {
  label: string;
  busy: boolean;
  onShow: (shown: AssetPeriod) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { organisation_id } = useAuthenticatedSession();
  const [organisationId, setOrganisationId] = useState(organisation_id);
  const [assetId, setAssetId] = useState<number | undefined>();
  const [period, setPeriod] = useState<PeriodDraft>(() => yesterday(new Date()));
  const [submitted, setSubmitted] = useState(false);
  const check = checkPeriod(period);
  const errors = periodErrors(check, submitted);
  return (
    <Form
      noValidate
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
        if (!check.ok || assetId === undefined) return;
        onShow({ assetId, window: check.window });
      }}
    >
      <div className="row g-2">
        <div className="col-md-6">
          <OrganisationSelect
            id={`${id}-organisation`}
            value={organisationId}
            onChange={(value) => {
              setOrganisationId(value);
              setAssetId(undefined);
            }}
          />
        </div>
        <div className="col-md-6">
          <AssetSelect
            id={`${id}-asset`}
            organisationId={organisationId}
            value={assetId}
            onChange={setAssetId}
          />
        </div>
      </div>
      {submitted && assetId === undefined && (
        <div className="text-danger small mt-n2 mb-3">{t('admin.required')}</div>
      )}
      <PeriodFields id={`${id}-period`} value={period} onChange={setPeriod} errors={errors} />
      <Button type="submit" disabled={busy}>
        {t('admin.show')}
      </Button>
    </Form>
  );
}

/** A shown query's loading and failure. */
export function QueryStatus({ shown, query }: { shown: boolean; query: UseQueryResult }) {
  const { t } = useTranslation();
  return (
    <>
      {shown && query.isPending && (
        <div className="py-3 text-body-secondary" role="status">
          <Spinner size="sm" aria-hidden /> {t('admin.loading')}
        </div>
      )}
      {query.isError && (
        <Alert variant="danger" className="mt-3 mb-0">
          {t('admin.loadFailed', { message: errorText(query.error) })}
        </Alert>
      )}
    </>
  );
}
