import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { cn, fieldClasses } from '@/lib/class-names';
import { SELECTION_KINDS, type ConfigurationForm } from '../configuration-form';

type Form = UseFormReturn<ConfigurationForm>;

/** A field's message and its validity classes, shown once touched or submitted. */
function fieldState(form: Form, name: keyof ConfigurationForm) {
  const { formState } = form;
  const field = form.getFieldState(name, formState);
  return {
    error: field.error,
    classes: fieldClasses(!!field.error, field.isDirty, field.isTouched || formState.isSubmitted),
  };
}

/** A labelled text input of the configuration with its hint and its message. */
export function ConfigurationInput({
  form,
  name,
  label,
  hint,
  type = 'text',
  disabled,
}: {
  form: Form;
  name: 'server' | 'apiKey' | 'intervalMinutes';
  label: string;
  hint: string;
  type?: string;
  disabled?: boolean;
}) {
  const { error, classes } = fieldState(form, name);
  const id = `sync-${name}`;
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type={type}
        autoComplete="off"
        spellCheck={false}
        className={cn('form-control', classes)}
        aria-invalid={!!error}
        aria-describedby={`${id}-hint ${id}-feedback`}
        {...form.register(name, { disabled })}
      />
      <div className="invalid-feedback" id={`${id}-feedback`}>
        {error?.message}
      </div>
      <div className="form-text" id={`${id}-hint`}>
        {hint}
      </div>
    </div>
  );
}

/** Whether a key is saved (it is write-only: never shown). */
export function ApiKeyState({ apiKeySet }: { apiKeySet: boolean }) {
  const { t } = useTranslation();
  return (
    <p className="mb-2" data-testid="api-key-state">
      <span className={cn('badge', apiKeySet ? 'text-bg-success' : 'text-bg-secondary')}>
        {apiKeySet ? t('sync.config.keySet') : t('sync.config.keyNotSet')}
      </span>
    </p>
  );
}

/** A checkbox of the form with its label. */
export function ConfigurationCheck({
  form,
  name,
  label,
  asSwitch = false,
  className = 'mb-3',
}: {
  form: Form;
  name: 'removeKey' | 'enabled';
  label: string;
  asSwitch?: boolean;
  className?: string;
}) {
  const id = `sync-${name}`;
  return (
    <div className={cn('form-check', asSwitch && 'form-switch', className)}>
      <input
        type="checkbox"
        role={asSwitch ? 'switch' : undefined}
        className="form-check-input"
        id={id}
        aria-describedby={asSwitch ? `${id}-hint` : undefined}
        {...form.register(name)}
      />
      <label className="form-check-label" htmlFor={id}>
        {label}
      </label>
    </div>
  );
}

/** Which kinds to synchronise: one box each, the link rule checked across the boxes. */
export function SelectionFieldset({ form }: { form: Form }) {
  const { t } = useTranslation();
  const { error } = fieldState(form, 'synchronise');
  return (
    <fieldset className="mb-3" aria-describedby="sync-synchronise-hint sync-synchronise-feedback">
      <legend className="form-label fs-6 mb-1">{t('sync.config.fields.synchronise')}</legend>
      <div className={cn('d-flex flex-wrap column-gap-3', error && 'is-invalid')}>
        {SELECTION_KINDS.map((kind) => (
          <div className="form-check" key={kind}>
            <input
              type="checkbox"
              className={cn('form-check-input', error && 'is-invalid')}
              id={`sync-synchronise-${kind}`}
              {...form.register(`synchronise.${kind}`, {
                // The rule spans the boxes: check it again on each change.
                onChange: () => form.formState.isSubmitted && void form.trigger('synchronise'),
              })}
            />
            <label className="form-check-label" htmlFor={`sync-synchronise-${kind}`}>
              {t(`sync.kinds.${KIND_OF[kind]}`)}
            </label>
          </div>
        ))}
      </div>
      <div className="invalid-feedback" id="sync-synchronise-feedback">
        {error?.message}
      </div>
      <div className="form-text" id="sync-synchronise-hint">
        {t('sync.config.hints.synchronise')}
      </div>
    </fieldset>
  );
}

const KIND_OF = {
  assets: 'ASSET',
  drivers: 'DRIVER',
  devices: 'DEVICE',
  deviceLinks: 'DEVICE_LINK',
  driverLinks: 'DRIVER_LINK',
} as const;
