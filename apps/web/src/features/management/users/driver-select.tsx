import { endpoints } from '@fleet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FieldPath, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/auth';
import { cn } from '@/lib/class-names';
import { endpointKey } from '@/lib/endpoint-key';
import type { FormValues } from '../edit/forms';

const driversOf = (organisationId: number) => {
  const input = { params: { id: organisationId }, query: { sort: 'name' as const } };
  return queryOptions({
    queryKey: endpointKey(endpoints.drivers.list, input),
    queryFn: () => api.call(endpoints.drivers.list, input),
  });
};

/**
 * A DRIVER user's driver record (issue 20 §4): one of the drivers of the user's organisation, or
 * none. Shown only while the form's role is DRIVER; the server checks the rest.
 */
export function DriverSelect({
  form,
  organisationId,
  label,
  className,
}: {
  form: UseFormReturn<FormValues>;
  organisationId: number;
  label: string;
  className: string;
}) {
  const { t } = useTranslation();
  const role = form.watch('role');
  const drivers = useQuery({ ...driversOf(organisationId), enabled: role === 'DRIVER' });
  if (role !== 'DRIVER') return null;
  const name = 'driverId' as FieldPath<FormValues>;
  const error = form.getFieldState(name, form.formState).error;
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor="field-driverId">
        {label}
      </label>
      {drivers.isPending ? (
        <select id="field-driverId" className="form-select" disabled>
          <option>{t('management.loading')}</option>
        </select>
      ) : (
        <select
          id="field-driverId"
          className={cn('form-select', className)}
          aria-invalid={!!error}
          aria-describedby="field-driverId-hint"
          {...form.register(name)}
        >
          <option value="">{t('management.edit.noDriver')}</option>
          {(drivers.data ?? []).map((driver) => (
            <option key={driver.id} value={String(driver.id)}>
              {`${driver.firstName} ${driver.lastName}`.trim()}
            </option>
          ))}
        </select>
      )}
      <div className="invalid-feedback">{error?.message}</div>
      <div className="form-text" id="field-driverId-hint">
        {drivers.isError ? t('management.edit.driversFailed') : t('management.edit.driverHint')}
      </div>
    </div>
  );
}
