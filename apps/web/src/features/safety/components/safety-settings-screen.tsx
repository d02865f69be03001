import '../locales/coaching/register';
import { EVENT_TYPES, permissions, type SafetySettings } from '@fleet/contract';
import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Form, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { notify } from '@/components/notifications';
import { errorText } from '@/lib/api-client';
import { useAuthenticatedSession } from '@/lib/auth';
import { useEventTypeLabel } from '@/lib/use-labels';
import { useSafetySettings, useSaveSafetySettings } from '../safety-settings-api';
import { toDraft, toSettings, type SettingsDraft } from '../safety-settings-form';
import { QueryState } from './shared';

/**
 * The organisation's safety settings (issue 20 §7): which event types become cases, the days
 * to coach, whether drivers see their clips, clip requests, and each group's default coach.
 */
export function SafetySettingsScreen({ subtitle }: { subtitle?: string }) {
  const { t } = useTranslation();
  const { organisation_id: organisationId } = useAuthenticatedSession();
  const { settings, groups, coaches } = useSafetySettings(organisationId);
  return (
    <>
      <PageHeader title={t('coaching.settings.title')} subtitle={subtitle} />
      <QueryState query={settings} />
      {settings.data && (
        <SettingsForm
          key={`${organisationId}-${JSON.stringify(settings.data)}`}
          organisationId={organisationId}
          settings={settings.data}
          groups={groups.data ?? []}
          coaches={coaches.data ?? []}
        />
      )}
    </>
  );
}

function SettingsForm({
  organisationId,
  settings,
  groups,
  coaches,
}: {
  organisationId: number;
  settings: SafetySettings;
  groups: { id: number; name: string }[];
  coaches: { id: number; name: string }[];
}) {
  const { t } = useTranslation();
  const eventType = useEventTypeLabel();
  const { user_role: role } = useAuthenticatedSession();
  const mayChange = permissions.manageFleet(role);
  const save = useSaveSafetySettings(organisationId);
  const [draft, setDraft] = useState<SettingsDraft>(() => toDraft(settings));
  const [invalid, setInvalid] = useState(false);
  const change = (part: Partial<SettingsDraft>) => setDraft((d) => ({ ...d, ...part }));
  const toggleType = (type: (typeof EVENT_TYPES)[number], on: boolean) =>
    change({
      caseEventTypes: on
        ? EVENT_TYPES.filter((e) => e === type || draft.caseEventTypes.includes(e))
        : draft.caseEventTypes.filter((e) => e !== type),
    });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = toSettings(draft);
    setInvalid(body === null);
    if (body)
      save.mutate(body, {
        onSuccess: () => notify(t('coaching.settings.saved'), { type: 'success' }),
      });
  };
  return (
    <Form noValidate onSubmit={onSubmit} aria-label={t('coaching.settings.title')}>
      {!mayChange && <Alert variant="info">{t('coaching.settings.readOnly')}</Alert>}
      {save.error && <Alert variant="danger">{errorText(save.error)}</Alert>}
      <fieldset disabled={!mayChange}>
        <div className="row g-4 mb-4">
          <div className="col-lg-6">
            <Card body className="h-100">
              <fieldset>
                <legend className="h6">{t('coaching.settings.caseTypes')}</legend>
                {EVENT_TYPES.map((type) => (
                  <Form.Check
                    key={type}
                    id={`case-type-${type}`}
                    label={eventType(type)}
                    checked={draft.caseEventTypes.includes(type)}
                    onChange={(e) => toggleType(type, e.target.checked)}
                  />
                ))}
                <Form.Text>{t('coaching.settings.caseTypesHint')}</Form.Text>
              </fieldset>
            </Card>
          </div>
          <div className="col-lg-6">
            <Card body className="h-100">
              <Form.Group className="mb-3" controlId="safety-due-days">
                <Form.Label>{t('coaching.settings.dueDays')}</Form.Label>
                <Form.Control
                  inputMode="numeric"
                  value={draft.dueDays}
                  isInvalid={invalid}
                  onChange={(e) => change({ dueDays: e.target.value })}
                />
                <Form.Control.Feedback type="invalid">
                  {t('coaching.settings.range')}
                </Form.Control.Feedback>
                <Form.Text>{t('coaching.settings.dueDaysHint')}</Form.Text>
              </Form.Group>
              <Form.Check
                id="safety-drivers-see-clips"
                label={t('coaching.settings.driversSeeClips')}
                checked={draft.driversSeeClips}
                onChange={(e) => change({ driversSeeClips: e.target.checked })}
              />
              <Form.Check
                id="safety-request-clips"
                label={t('coaching.settings.requestClips')}
                checked={draft.requestClips}
                onChange={(e) => change({ requestClips: e.target.checked })}
              />
            </Card>
          </div>
        </div>
        <GroupCoaches
          groups={groups}
          coaches={coaches}
          chosen={draft.coaches}
          onChange={(coachesByGroup) => change({ coaches: coachesByGroup })}
        />
      </fieldset>
      {mayChange && (
        <Button type="submit" disabled={save.isPending}>
          {t('coaching.settings.save')}
        </Button>
      )}
    </Form>
  );
}

/** Each group's default coach: a select of who may coach, or none. */
function GroupCoaches({
  groups,
  coaches,
  chosen,
  onChange,
}: {
  groups: { id: number; name: string }[];
  coaches: { id: number; name: string }[];
  chosen: SettingsDraft['coaches'];
  onChange: (chosen: SettingsDraft['coaches']) => void;
}) {
  const { t } = useTranslation();
  return (
    <Card body className="mb-4">
      <h2 className="h6">{t('coaching.settings.groupCoaches')}</h2>
      <p className="small text-body-secondary">{t('coaching.settings.groupCoachesHint')}</p>
      <Table size="sm" className="mb-0">
        <thead>
          <tr>
            <th>{t('coaching.settings.group')}</th>
            <th>{t('coaching.settings.coach')}</th>
          </tr>
        </thead>
        <tbody>
          {groups.map((group) => (
            <tr key={group.id}>
              <td>{group.name}</td>
              <td>
                <Form.Select
                  size="sm"
                  aria-label={`${t('coaching.settings.coach')}: ${group.name}`}
                  value={chosen[group.id] ?? ''}
                  onChange={(e) =>
                    onChange({
                      ...chosen,
                      [group.id]: e.target.value ? Number(e.target.value) : undefined,
                    })
                  }
                >
                  <option value="">{t('coaching.settings.noCoach')}</option>
                  {coaches.map((coach) => (
                    <option key={coach.id} value={coach.id}>
                      {coach.name}
                    </option>
                  ))}
                </Form.Select>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Card>
  );
}
