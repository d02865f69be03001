import { MAX_VIDEO_SECONDS, type MediaRequest } from '@fleet/contract';
import { useId, useMemo } from 'react';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { EntityType } from '@/config/paths';
import { errorText } from '@/lib/api-client';
import { fieldClasses } from '@/lib/class-names';
import { toDateTimeLocal } from '@/lib/fleet-time';
import { useCreateMediaRequest } from '../api/media-requests';
import {
  FORM_CAMERAS,
  requestFormIssues,
  toRequestInput,
  type RequestFormIssue,
  type RequestFormValues,
} from '../request-form';

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
  const create = useCreateMediaRequest(type, entityId);

  const resolver = useMemo<Resolver<RequestFormValues>>(() => {
    const message = (issue: RequestFormIssue) =>
      issue.rule === 'required' || issue.rule === 'invalid'
        ? t(`validation.${issue.rule}`)
        : t(`media.requests.errors.${issue.rule}`, {
            limit: 'limit' in issue ? issue.limit : undefined,
          });
    return (values) => {
      const issues = requestFormIssues(values, Date.now());
      if (issues.length === 0) return { values, errors: {} };
      const errors: Record<string, { type: string; message: string }> = {};
      for (const issue of issues)
        errors[issue.field] = { type: issue.rule, message: message(issue) };
      return { values: {}, errors: errors as FieldErrors<RequestFormValues> };
    };
  }, [t]);

  const { register, handleSubmit, formState, control, getFieldState } = useForm<RequestFormValues>({
    resolver,
    mode: 'onTouched',
    defaultValues: initial,
  });
  const mediaType = useWatch({ control, name: 'mediaType' });
  const state = (name: keyof RequestFormValues) => {
    const field = getFieldState(name, formState);
    return {
      error: field.error,
      className: fieldClasses(
        !!field.error,
        field.isDirty,
        field.isTouched || formState.isSubmitted,
      ),
    };
  };

  const submit = handleSubmit(async (values) => {
    const now = new Date();
    const input = toRequestInput(values, type === 'ASSET' ? entityId : undefined, now);
    const request = await create.mutateAsync(input).catch(() => null);
    if (request) onSent(request);
  });

  const typeState = state('mediaType');
  const durationState = state('duration');
  const momentState = state('moment');
  const camerasError = getFieldState('cameras', formState).error;

  return (
    <Form
      noValidate
      onSubmit={submit}
      aria-label={t('media.requests.create')}
      data-testid="media-request-form"
    >
      {create.error && (
        <Alert variant="danger" data-testid="media-request-error">
          {errorText(create.error)}
        </Alert>
      )}
      <div className="d-flex flex-wrap gap-3 align-items-start">
        <Form.Group controlId={`${id}-type`}>
          <Form.Label className="small mb-1">{t('media.requests.mediaType')}</Form.Label>
          <Form.Select
            {...register('mediaType')}
            required
            className={typeState.className}
            aria-invalid={!!typeState.error}
          >
            <option value="">{t('media.requests.choose')}</option>
            <option value="PICTURE">{t('media.requests.types.PICTURE')}</option>
            <option value="VIDEO">{t('media.requests.types.VIDEO')}</option>
          </Form.Select>
          <Form.Control.Feedback type="invalid">{typeState.error?.message}</Form.Control.Feedback>
        </Form.Group>
        {mediaType === 'VIDEO' && (
          <Form.Group controlId={`${id}-duration`} style={{ maxWidth: 180 }}>
            <Form.Label className="small mb-1">{t('media.requests.duration')}</Form.Label>
            <Form.Control
              {...register('duration')}
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_VIDEO_SECONDS}
              step={1}
              required
              className={durationState.className}
              aria-invalid={!!durationState.error}
            />
            <Form.Control.Feedback type="invalid">
              {durationState.error?.message}
            </Form.Control.Feedback>
          </Form.Group>
        )}
        <Form.Group controlId={`${id}-moment`}>
          <Form.Label className="small mb-1">{t('media.requests.moment')}</Form.Label>
          <Form.Control
            {...register('moment')}
            type="datetime-local"
            step={1}
            max={toDateTimeLocal(new Date())}
            required
            className={momentState.className}
            aria-invalid={!!momentState.error}
          />
          <Form.Control.Feedback type="invalid">{momentState.error?.message}</Form.Control.Feedback>
        </Form.Group>
        <fieldset>
          <legend className="small mb-1 fs-6">{t('media.requests.cameras')}</legend>
          <div className="d-flex flex-wrap gap-3 pt-1">
            {FORM_CAMERAS.map((camera) => (
              <Form.Check
                key={camera}
                id={`${id}-camera-${camera}`}
                type="checkbox"
                value={camera}
                label={t(`media.cameras.${camera}`)}
                isInvalid={!!camerasError}
                {...register('cameras')}
              />
            ))}
          </div>
          {camerasError && <div className="invalid-feedback d-block">{camerasError.message}</div>}
        </fieldset>
      </div>
      <div className="d-flex gap-2 mt-3">
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting && <Spinner size="sm" className="me-2" />}
          {t('media.requests.send')}
        </Button>
        <Button variant="outline-secondary" onClick={onCancel}>
          {t('media.requests.cancel')}
        </Button>
      </div>
    </Form>
  );
}
