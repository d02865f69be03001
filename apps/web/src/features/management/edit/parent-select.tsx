import { useMemo, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrganisationOptions } from '@/lib/api/get-organisations';
import { useAuthenticatedSession } from '@/lib/auth';
import { cn } from '@/lib/class-names';
import { subtreeIds } from '@/lib/organisation-tree';

type Props = Omit<ComponentProps<'select'>, 'className'> & {
  label: string;
  /** The organisation being edited: it and those below it cannot be its parent. None: creating. */
  organisationId: number | undefined;
  invalid: boolean;
  message?: string;
  className: string;
};

/**
 * The parent of an organisation: the caller's own organisation and those below it, indented with
 * '>' per level as in the top bar's organisation picker.
 */
export function ParentSelect({
  label,
  organisationId,
  invalid,
  message,
  className,
  ...select
}: Props) {
  const { t } = useTranslation();
  const { user_organisation_id: ownId } = useAuthenticatedSession();
  const { options: all, data, isPending, isError } = useOrganisationOptions(ownId);
  const options = useMemo(() => {
    if (organisationId === undefined) return all;
    const below = subtreeIds(data ?? [], organisationId);
    return all.filter((option) => !below.has(option.id));
  }, [all, data, organisationId]);
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor="field-parentId">
        {label}
      </label>
      {isPending ? (
        // Registered once its options are there, so the form's value shows as the one selected.
        <select id="field-parentId" className="form-select" disabled>
          <option>{t('management.loading')}</option>
        </select>
      ) : (
        <select
          id="field-parentId"
          className={cn('form-select', className)}
          aria-invalid={invalid}
          aria-describedby="field-parentId-hint"
          {...select}
        >
          {options.map((option) => (
            <option key={option.id} value={String(option.id)}>
              {option.label}
            </option>
          ))}
        </select>
      )}
      <div className="invalid-feedback">{message}</div>
      <div className="form-text" id="field-parentId-hint">
        {isError ? t('management.edit.parentsFailed') : t('management.edit.parentHint')}
      </div>
    </div>
  );
}
