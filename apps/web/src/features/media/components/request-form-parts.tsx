import { MAX_VIDEO_SECONDS } from '@fleet/contract';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { toDateTimeLocal } from '@/lib/fleet-time';
import { FORM_CAMERAS } from '../request-form';
import type { RequestFormState } from './use-request-form';

type FieldProps = { id: string; form: RequestFormState };

/** Picture or Video. */
export function MediaTypeField({ id, form }: FieldProps) {
  const { t } = useTranslation();
  const state = form.field('mediaType');
  return (
    <Form.Group controlId={`${id}-type`}>
      <Form.Label className="small mb-1">{t('media.requests.mediaType')}</Form.Label>
      <Form.Select
        {...form.register('mediaType')}
        required
        className={state.className}
        aria-invalid={!!state.error}
      >
        <option value="">{t('media.requests.choose')}</option>
        <option value="PICTURE">{t('media.requests.types.PICTURE')}</option>
        <option value="VIDEO">{t('media.requests.types.VIDEO')}</option>
      </Form.Select>
      <Form.Control.Feedback type="invalid">{state.error?.message}</Form.Control.Feedback>
    </Form.Group>
  );
}

/** A video's length in seconds. */
export function DurationField({ id, form }: FieldProps) {
  const { t } = useTranslation();
  const state = form.field('duration');
  return (
    <Form.Group controlId={`${id}-duration`} style={{ maxWidth: 180 }}>
      <Form.Label className="small mb-1">{t('media.requests.duration')}</Form.Label>
      <Form.Control
        {...form.register('duration')}
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_VIDEO_SECONDS}
        step={1}
        required
        className={state.className}
        aria-invalid={!!state.error}
      />
      <Form.Control.Feedback type="invalid">{state.error?.message}</Form.Control.Feedback>
    </Form.Group>
  );
}

/** The date and time of the footage, not in the future. */
export function MomentField({ id, form }: FieldProps) {
  const { t } = useTranslation();
  const state = form.field('moment');
  return (
    <Form.Group controlId={`${id}-moment`}>
      <Form.Label className="small mb-1">{t('media.requests.moment')}</Form.Label>
      <Form.Control
        {...form.register('moment')}
        type="datetime-local"
        step={1}
        max={toDateTimeLocal(new Date())}
        required
        className={state.className}
        aria-invalid={!!state.error}
      />
      <Form.Control.Feedback type="invalid">{state.error?.message}</Form.Control.Feedback>
    </Form.Group>
  );
}

/** The cameras: Front, Rear, Left and Right. */
export function CamerasField({ id, form }: FieldProps) {
  const { t } = useTranslation();
  const error = form.camerasError;
  return (
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
            isInvalid={!!error}
            {...form.register('cameras')}
          />
        ))}
      </div>
      {error && <div className="invalid-feedback d-block">{error.message}</div>}
    </fieldset>
  );
}
