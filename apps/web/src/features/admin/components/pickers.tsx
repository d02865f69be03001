import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useOrganisationOptions } from '@/lib/api/get-organisations';
import { errorText } from '@/lib/api-client';
import { useAuthenticatedSession } from '@/lib/auth';
import { fieldClasses } from '@/lib/class-names';
import { useAssets } from '../api';
import type { PeriodDraft, PeriodError, PeriodErrors } from '../period';

/** The caller's organisation and those below it, indented with '>' as in the top bar's picker. */
export function OrganisationSelect({
  id,
  value,
  onChange,
  disabled,
}: {
  id: string;
  value: number | undefined;
  onChange: (organisationId: number) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const { user_organisation_id: ownId } = useAuthenticatedSession();
  const { options, isPending } = useOrganisationOptions(ownId);
  return (
    <Form.Group controlId={id} className="mb-3">
      <Form.Label>{t('admin.organisation')}</Form.Label>
      <Form.Select
        value={value ?? ''}
        disabled={disabled || isPending}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {isPending && <option value="">{t('admin.loading')}</option>}
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}

/** The organisation's own assets; none chosen until the person picks one. */
export function AssetSelect({
  id,
  organisationId,
  value,
  onChange,
  disabled,
}: {
  id: string;
  organisationId: number | undefined;
  value: number | undefined;
  onChange: (assetId: number | undefined) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const assets = useAssets(organisationId);
  const empty = assets.data?.length === 0;
  return (
    <Form.Group controlId={id} className="mb-3">
      <Form.Label>{t('admin.asset')}</Form.Label>
      <Form.Select
        value={value ?? ''}
        disabled={disabled || !assets.data || empty}
        onChange={(event) => onChange(event.target.value ? Number(event.target.value) : undefined)}
      >
        <option value="">{assets.isPending ? t('admin.loading') : t('admin.chooseAsset')}</option>
        {assets.data?.map((asset) => (
          <option key={asset.id} value={asset.id}>
            {asset.licencePlate ? `${asset.name} (${asset.licencePlate})` : asset.name}
          </option>
        ))}
      </Form.Select>
      {empty && <Form.Text>{t('admin.noAssets')}</Form.Text>}
      {assets.isError && (
        <Form.Text className="text-danger">
          {t('admin.loadFailed', { message: errorText(assets.error) })}
        </Form.Text>
      )}
    </Form.Group>
  );
}

/** From and until, datetime-local in the fleet's zone, with what is wrong shown at the field. */
export function PeriodFields({
  id,
  value,
  onChange,
  errors,
  disabled,
  stacked = false,
}: {
  id: string;
  value: PeriodDraft;
  onChange: (value: PeriodDraft) => void;
  errors: PeriodErrors;
  disabled?: boolean;
  /** one under the other (a narrow card), else side by side */
  stacked?: boolean;
}) {
  const { t } = useTranslation();
  const message = (error: PeriodError | undefined) =>
    error === 'fromAfterUntil' ? t('admin.fromAfterUntil') : error ? t('admin.required') : '';
  return (
    <div className="row g-2 mb-3">
      {(['from', 'until'] as const).map((field) => (
        <Form.Group
          key={field}
          controlId={`${id}-${field}`}
          className={stacked ? 'col-12' : 'col-sm-6'}
        >
          <Form.Label>{t(`admin.${field}`)}</Form.Label>
          <Form.Control
            type="datetime-local"
            step={1}
            required
            disabled={disabled}
            value={value[field]}
            className={fieldClasses(!!errors[field], false, !!errors[field])}
            aria-invalid={!!errors[field]}
            onChange={(event) => onChange({ ...value, [field]: event.target.value })}
          />
          <Form.Control.Feedback type="invalid">{message(errors[field])}</Form.Control.Feedback>
        </Form.Group>
      ))}
    </div>
  );
}
