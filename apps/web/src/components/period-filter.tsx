import { PERIODS, type Period } from '@fleet/contract';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useGroups } from '@/lib/api/get-groups';
import { useAuthenticatedSession } from '@/lib/auth';
import { fieldClasses } from '@/lib/class-names';
import {
  choosePeriod,
  editTime,
  filterRange,
  filterStore,
  setFilter,
  useFilter,
  type Filter,
  type GroupFilter,
} from '@/lib/filter';
import '@/locales/dashboards/register';

type Draft = Pick<Filter, 'period' | 'from' | 'until' | 'group'>;

/**
 * The period filter of spec §2: Period, From, Until, Group (with `groups`) and Update. A preset
 * applies at once; edits of From, Until or Group wait for Update. It reads and writes the shared
 * filter (lib/filter.ts), so every screen shows the same period.
 */
export function PeriodFilter({ groups = false }: { groups?: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const filter = useFilter();
  const { organisation_id } = useAuthenticatedSession();
  const groupList = useGroups(organisation_id, groups).data;
  const activeGroups = groupList?.filter((g) => g.active);
  // Unsaved edits; null while the form shows the shared filter as it is.
  const [draft, setDraft] = useState<Draft | null>(null);
  const shown: Draft = draft ?? filter;

  // A group that is gone or inactive (or of another organisation) falls back to All.
  const staleGroup =
    groups &&
    activeGroups &&
    filter.group !== 'ALL' &&
    !activeGroups.some((g) => g.id === filter.group);
  useEffect(() => {
    if (staleGroup) setFilter({ group: 'ALL' });
  }, [staleGroup]);

  const range = filterRange(shown);
  const fromError = !shown.from ? t('validation.required') : null;
  const untilError = !shown.until
    ? t('validation.required')
    : range && range.from >= range.until
      ? t('periodFilter.fromAfterUntil')
      : null;

  const choose = (period: Period) => {
    if (period === 'CUSTOM') return setDraft({ ...shown, period });
    filterStore.set({ ...choosePeriod({ ...filter, ...shown }, period, new Date()) });
    setDraft(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (fromError || untilError) return;
    filterStore.set({ ...filter, ...shown, update: Date.now() });
    setDraft(null);
  };

  return (
    <Form
      noValidate
      onSubmit={submit}
      aria-label={t('periodFilter.label')}
      className="card card-body d-flex flex-row flex-wrap align-items-start gap-3 mb-4 py-3"
    >
      <Form.Group controlId={`${id}-period`}>
        <Form.Label className="small mb-1">{t('periodFilter.period')}</Form.Label>
        <Form.Select value={shown.period} onChange={(e) => choose(e.target.value as Period)}>
          {PERIODS.map((period) => (
            <option key={period} value={period}>
              {t(`periodFilter.periods.${period}`)}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      {(['from', 'until'] as const).map((field) => {
        const error = field === 'from' ? fromError : untilError;
        return (
          <Form.Group key={field} controlId={`${id}-${field}`}>
            <Form.Label className="small mb-1">{t(`periodFilter.${field}`)}</Form.Label>
            <Form.Control
              type="datetime-local"
              step={1}
              required
              value={shown[field]}
              className={fieldClasses(!!error, shown[field] !== filter[field])}
              aria-invalid={!!error}
              onChange={(e) => setDraft(editTime({ ...filter, ...shown }, field, e.target.value))}
            />
            <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
          </Form.Group>
        );
      })}
      {groups && (
        <Form.Group controlId={`${id}-group`}>
          <Form.Label className="small mb-1">{t('periodFilter.group')}</Form.Label>
          <Form.Select
            style={{ minWidth: '10rem' }}
            value={staleGroup ? 'ALL' : String(shown.group)}
            onChange={(e) => {
              const group: GroupFilter = e.target.value === 'ALL' ? 'ALL' : Number(e.target.value);
              setDraft({ ...shown, group });
            }}
          >
            <option value="ALL">{t('periodFilter.all')}</option>
            {activeGroups?.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      )}
      <div className="align-self-start">
        <div className="small mb-1 invisible" aria-hidden>
          {t('periodFilter.update')}
        </div>
        <Button type="submit" variant="primary" disabled={!!(fromError || untilError)}>
          {t('periodFilter.update')}
        </Button>
      </div>
    </Form>
  );
}
