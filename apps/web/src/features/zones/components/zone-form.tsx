import { ZONE_LIMITS, type Group, type ZoneInput, type ZoneShape } from '@fleet/contract';
import { useState, type FormEvent } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/api-client';
import { zoneFieldErrors, zoneInput, type ZoneFields } from '../zone-input';
import { radiusInRange } from '../zone-shape';

export type { ZoneFields };
const { speedLimit: LIMIT } = ZONE_LIMITS;

/**
 * A zone's name, colour, speed limit and group scope, the circle's radius, and Save / Delete.
 * The shape itself is drawn on the map. A failed save shows the server's reason above the buttons.
 */
export function ZoneForm({
  title,
  fields,
  onFields,
  shape,
  onRadius,
  groups,
  onSave,
  onDelete,
  onCancel,
}: {
  title: string;
  fields: ZoneFields;
  onFields: (fields: ZoneFields) => void;
  shape: ZoneShape | null;
  onRadius: (radius: number) => void;
  groups: Group[];
  onSave: (input: ZoneInput) => Promise<unknown>;
  onDelete?: () => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const errors = zoneFieldErrors(fields);
  const radiusError = shape?.type === 'circle' && !radiusInRange(shape.radius);
  const set = (change: Partial<ZoneFields>) => onFields({ ...fields, ...change });

  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setFailure(null);
    try {
      await work();
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (errors.name || errors.speedLimit || radiusError || !shape) return;
    void run(() => onSave(zoneInput(fields, shape)));
  };
  const remove = () => {
    if (!onDelete || !window.confirm(t('zones.form.deleteConfirm', { name: fields.name }))) return;
    void run(onDelete);
  };
  const invalid = (error: boolean) => (submitted && error ? 'is-invalid' : undefined);

  return (
    <Form noValidate onSubmit={submit} aria-label={title} data-testid="zone-form">
      <h2 className="h5">{title}</h2>
      <Form.Group className="mb-2" controlId="zone-name">
        <Form.Label>{t('zones.form.name')}</Form.Label>
        <Form.Control
          value={fields.name}
          maxLength={ZONE_LIMITS.name.max}
          required
          className={invalid(errors.name)}
          onChange={(e) => set({ name: e.target.value })}
        />
        <Form.Control.Feedback type="invalid">{t('zones.form.nameRequired')}</Form.Control.Feedback>
      </Form.Group>
      <div className="d-flex gap-3">
        <Form.Group className="mb-2" controlId="zone-colour">
          <Form.Label>{t('zones.form.colour')}</Form.Label>
          <Form.Control
            type="color"
            value={fields.colour}
            onChange={(e) => set({ colour: e.target.value })}
          />
        </Form.Group>
        <Form.Group className="mb-2 flex-grow-1" controlId="zone-speed-limit">
          <Form.Label>{t('zones.form.speedLimit')}</Form.Label>
          <Form.Control
            type="number"
            min={LIMIT.min}
            max={LIMIT.max}
            step={1}
            value={fields.speedLimit}
            className={invalid(errors.speedLimit)}
            aria-describedby="zone-speed-limit-hint"
            onChange={(e) => set({ speedLimit: e.target.value })}
          />
          <Form.Text id="zone-speed-limit-hint">{t('zones.form.speedLimitHint')}</Form.Text>
          <Form.Control.Feedback type="invalid">
            {t('zones.form.speedLimitRange', LIMIT)}
          </Form.Control.Feedback>
        </Form.Group>
      </div>
      <Form.Group className="mb-2" controlId="zone-group">
        <Form.Label>{t('zones.form.group')}</Form.Label>
        <Form.Select
          value={fields.groupId}
          aria-describedby="zone-group-hint"
          onChange={(e) => set({ groupId: e.target.value })}
        >
          <option value="">{t('zones.allAssets')}</option>
          {groups.map((group) => (
            <option key={group.id} value={group.id}>
              {group.name}
            </option>
          ))}
        </Form.Select>
        <Form.Text id="zone-group-hint">{t('zones.form.groupHint')}</Form.Text>
      </Form.Group>
      <div className="mb-2">
        <span className="form-label d-block mb-1">{t('zones.form.shape')}</span>
        {shape ? (
          <span data-testid="zone-shape">
            {t(`zones.kinds.${shape.type}`)}
            {shape.type === 'polygon' && ` (${shape.coordinates.length})`}
          </span>
        ) : (
          <span
            className={submitted ? 'text-danger' : 'text-body-secondary'}
            role={submitted ? 'alert' : undefined}
          >
            {t('zones.form.noShape')}
          </span>
        )}
      </div>
      {shape?.type === 'circle' && (
        <Form.Group className="mb-2" controlId="zone-radius">
          <Form.Label>{t('zones.form.radius')}</Form.Label>
          <Form.Control
            type="number"
            min={ZONE_LIMITS.radius.min}
            max={ZONE_LIMITS.radius.max}
            value={shape.radius}
            className={radiusError ? 'is-invalid' : undefined}
            onChange={(e) => onRadius(Number(e.target.value))}
          />
          <Form.Control.Feedback type="invalid">
            {t('zones.form.radiusRange', ZONE_LIMITS.radius)}
          </Form.Control.Feedback>
        </Form.Group>
      )}
      {failure !== null && (
        <Alert variant="danger" role="alert" className="py-2">
          {errorText(failure)}
        </Alert>
      )}
      <div className="d-flex flex-wrap gap-2 mt-3">
        <Button type="submit" disabled={busy}>
          {busy ? t('zones.form.saving') : t('zones.form.save')}
        </Button>
        <Button variant="outline-secondary" onClick={onCancel} disabled={busy}>
          {t('zones.form.cancel')}
        </Button>
        {onDelete && (
          <Button variant="outline-danger" className="ms-auto" onClick={remove} disabled={busy}>
            {t('zones.form.delete')}
          </Button>
        )}
      </div>
    </Form>
  );
}
