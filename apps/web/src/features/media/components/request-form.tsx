import type { MediaRequest } from '@fleet/contract';
import { useId } from 'react';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { EntityType } from '@/config/paths';
import { errorText } from '@/lib/api-client';
import type { RequestFormValues } from '../request-form';
import { CamerasField, DurationField, MediaTypeField, MomentField } from './request-form-parts';
import { useRequestForm } from './use-request-form';

/**
 * Spec §5 'Create media request': media type (Picture or Video), the duration of a video in
 * seconds, the date and time (now by default, not in the future), the cameras Front, Rear, Left
 * and Right. Sent to assets/{id}/mediarequests, or drivers/{id}/mediarequests from a driver.
 */
export function MediaRequestForm({
  type,
  entityId,
  initial,
  onSent,
  onCancel,
}: {
  type: EntityType;
  entityId: number;
  initial: RequestFormValues;
  onSent: (request: MediaRequest) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const form = useRequestForm({ type, entityId, initial, onSent });
  return (
    <Form
      noValidate
      onSubmit={form.submit}
      aria-label={t('media.requests.create')}
      data-testid="media-request-form"
    >
      {form.error && (
        <Alert variant="danger" data-testid="media-request-error">
          {errorText(form.error)}
        </Alert>
      )}
      <div className="d-flex flex-wrap gap-3 align-items-start">
        <MediaTypeField id={id} form={form} />
        {form.mediaType === 'VIDEO' && <DurationField id={id} form={form} />}
        <MomentField id={id} form={form} />
        <CamerasField id={id} form={form} />
      </div>
      <div className="d-flex gap-2 mt-3">
        <Button type="submit" disabled={form.isSubmitting}>
          {form.isSubmitting && <Spinner size="sm" className="me-2" />}
          {t('media.requests.send')}
        </Button>
        <Button variant="outline-secondary" onClick={onCancel}>
          {t('media.requests.cancel')}
        </Button>
      </div>
    </Form>
  );
}
