import type { Role } from '@fleet/contract';
import type { FieldPath, UseFormRegisterReturn, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { InputField } from '@/components/input-field';
import { useAuthenticatedSession } from '@/lib/auth';
import { cn, fieldClasses } from '@/lib/class-names';
import type { Entity } from '../api/entities';
import { DriverSelect } from '../users/driver-select';
import { grantableRoles } from '../users/user-rules';
import type { FormField, FormValues } from './forms';
import { ParentSelect } from './parent-select';

/** One field of an edit form, drawn by its kind: a text input, a checkbox, a parent or a role. */
export function FieldControl({
  field,
  form,
  entity,
  role,
}: {
  field: FormField;
  form: UseFormReturn<FormValues>;
  entity: Entity | undefined;
  role: Role;
}) {
  const { t } = useTranslation();
  const { organisation_id: organisationId } = useAuthenticatedSession();
  const { register, formState, getFieldState } = form;
  const name = field.name as FieldPath<FormValues>;
  const state = getFieldState(name, formState);
  const label = t(`management.fields.${field.name}`);
  const select = {
    label,
    invalid: !!state.error,
    message: state.error?.message,
    className: fieldClasses(!!state.error, state.isDirty, state.isTouched || formState.isSubmitted),
    ...register(name),
  };
  if (field.kind === 'checkbox')
    return (
      <div className="form-check mb-3">
        <input
          type="checkbox"
          className="form-check-input"
          id={`field-${name}`}
          {...register(name)}
        />
        <label className="form-check-label" htmlFor={`field-${name}`}>
          {label}
        </label>
      </div>
    );
  if (field.kind === 'parent') return <ParentSelect organisationId={entity?.id} {...select} />;
  if (field.kind === 'driver')
    return (
      <DriverSelect
        form={form}
        organisationId={
          typeof entity?.organisation_id === 'number' ? entity.organisation_id : organisationId
        }
        label={label}
        className={select.className}
      />
    );
  if (field.kind === 'role')
    return (
      <RoleSelect
        caller={role}
        current={typeof entity?.user_role === 'string' ? (entity.user_role as Role) : undefined}
        {...select}
      />
    );
  return (
    <InputField
      label={label}
      type={field.kind}
      autoComplete={field.autoComplete}
      {...register(name)}
      error={state.error}
      checked={state.isTouched || formState.isSubmitted}
      dirty={state.isDirty}
    />
  );
}

type RoleSelectProps = UseFormRegisterReturn & {
  label: string;
  caller: Role;
  current: Role | undefined;
  invalid: boolean;
  message?: string;
  className: string;
};

/** Only the roles the caller may grant, plus the record's own so an edit does not change it unasked. */
function RoleSelect({
  label,
  caller,
  current,
  invalid,
  message,
  className,
  ...select
}: RoleSelectProps) {
  const { t } = useTranslation();
  const roles = grantableRoles(caller);
  if (current && !roles.includes(current)) roles.unshift(current);
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor="field-role">
        {label}
      </label>
      <select
        id="field-role"
        className={cn('form-select', className)}
        aria-invalid={invalid}
        aria-describedby="field-role-hint"
        {...select}
      >
        {roles.map((role) => (
          <option key={role} value={role}>
            {t(`management.roles.${role}`)}
          </option>
        ))}
      </select>
      <div className="invalid-feedback">{message}</div>
      <div className="form-text" id="field-role-hint">
        {t('management.edit.roleHint')}
      </div>
    </div>
  );
}
