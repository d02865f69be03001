import { TRACING_FREQUENCY } from '@fleet/contract';
import { useState, type FormEvent } from 'react';
import { Button, Card, Form, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/api-client';
import { notify } from '@/components/notifications';
import { useCreateRequest } from '../api/monitoring';
import {
  CAMERAS,
  frequencyError,
  NEW_REQUEST_FORM,
  requestInput,
  type Camera,
} from '../monitoring';

/** Spec §2/§4/§5: the 'Create asset monitoring request' form; Save sends and closes, Cancel discards. */
export function RequestForm({ assetId, onClose }: { assetId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateRequest(assetId);
  const [form, setForm] = useState(NEW_REQUEST_FORM);
  const [touched, setTouched] = useState(false);
  const error = frequencyError(form.tracingFrequency);
  const showError = touched && error;

  const toggle = (camera: Camera, on: boolean) =>
    setForm((f) => ({
      ...f,
      cameras: on ? [...f.cameras, camera] : f.cameras.filter((c) => c !== camera),
    }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (error) return;
    create.mutate(requestInput(assetId, form), {
      onSuccess: () => {
        notify(t('monitoring.request.saved'), { type: 'success' });
        onClose();
      },
      onError: (e) => notify(errorText(e), { type: 'danger' }),
    });
  };

  return (
    <Card className="mb-3" style={{ maxWidth: 560 }}>
      <Card.Body>
        <Form noValidate onSubmit={submit} aria-label={t('monitoring.request.create')}>
          <Form.Group className="mb-3" controlId="tracing-frequency">
            <Form.Label>{t('monitoring.request.tracingFrequency')}</Form.Label>
            <Form.Control
              inputMode="numeric"
              required
              value={form.tracingFrequency}
              isInvalid={!!showError}
              aria-describedby={showError ? 'tracing-frequency-error' : undefined}
              onChange={(e) => setForm((f) => ({ ...f, tracingFrequency: e.target.value }))}
              onBlur={() => setTouched(true)}
              style={{ maxWidth: 160 }}
            />
            {showError && (
              <Form.Control.Feedback type="invalid" id="tracing-frequency-error">
                {t(`monitoring.request.errors.${error}`, {
                  min: TRACING_FREQUENCY.min,
                  max: TRACING_FREQUENCY.max,
                })}
              </Form.Control.Feedback>
            )}
          </Form.Group>
          <Form.Check
            className="mb-2"
            type="checkbox"
            id="live-feed"
            label={t('monitoring.request.liveFeed')}
            checked={form.liveFeed}
            onChange={(e) => setForm((f) => ({ ...f, liveFeed: e.target.checked }))}
          />
          {form.liveFeed && (
            <fieldset className="mb-3 ms-4">
              <legend className="fs-6 mb-1">{t('monitoring.request.cameras')}</legend>
              {CAMERAS.map((camera) => (
                <Form.Check
                  key={camera}
                  inline
                  type="checkbox"
                  id={`camera-${camera}`}
                  label={t(`monitoring.cameras.${camera}`)}
                  checked={form.cameras.includes(camera)}
                  onChange={(e) => toggle(camera, e.target.checked)}
                />
              ))}
              {form.cameras.length === 0 && (
                <div className="form-text">{t('monitoring.request.noCameras')}</div>
              )}
            </fieldset>
          )}
          <div className="d-flex gap-2">
            <Button type="submit" disabled={create.isPending}>
              {create.isPending && <Spinner size="sm" className="me-2" aria-hidden />}
              {t('monitoring.request.save')}
            </Button>
            <Button variant="secondary" onClick={onClose} disabled={create.isPending}>
              {t('monitoring.request.cancel')}
            </Button>
          </div>
        </Form>
      </Card.Body>
    </Card>
  );
}
