import { SETTING_CATEGORIES, type SettingCategory } from '@fleet/contract';
import { Alert, Badge, Button, Card, Nav } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/api-client';
import { cn } from '@/lib/class-names';
import { AlarmMaskEditor, CameraMaskEditor, EventMaskEditor } from './mask-editors';
import { settingTexts } from './setting-label';
import type { Setting } from './settings-check';
import type { GroupSettingsState } from './use-group-settings';

/** Save (for those who may change the group); it spins while the save is under way. */
export function SaveButton({ form }: { form: GroupSettingsState }) {
  const { t } = useTranslation();
  return (
    <Button onClick={form.save} disabled={form.mutation.isPending}>
      {form.mutation.isPending && (
        <span className="spinner-border spinner-border-sm me-2" aria-hidden />
      )}
      {t('management.settings.save')}
    </Button>
  );
}

/** Why the save did not go: values not allowed, or the server's refusal. */
export function SaveAlerts({ form }: { form: GroupSettingsState }) {
  const { t } = useTranslation();
  const { submitted, problems, mutation } = form;
  return (
    <>
      {submitted && problems.size > 0 && (
        <Alert variant="danger" role="alert">
          {t('management.settings.invalid')}
        </Alert>
      )}
      {mutation.isError && (
        <Alert variant="danger" role="alert" dismissible onClose={() => mutation.reset()}>
          {errorText(mutation.error)}
        </Alert>
      )}
    </>
  );
}

/** A tab per category, with its number of problems once the person tried to save. */
export function CategoryTabs({ form }: { form: GroupSettingsState }) {
  const { t } = useTranslation();
  const { tab, submitted, problemsIn, selectTab } = form;
  return (
    <Nav
      variant="pills"
      className="mb-3 flex-wrap"
      aria-label={t('management.settings.tabs')}
      as="nav"
    >
      {SETTING_CATEGORIES.map((category: SettingCategory) => {
        const count = submitted ? problemsIn(category) : 0;
        return (
          <Nav.Item key={category}>
            <Nav.Link
              as="button"
              type="button"
              active={tab === category}
              aria-current={tab === category ? 'page' : undefined}
              onClick={() => selectTab(category)}
            >
              {t(`management.settings.categories.${category}`)}
              {count > 0 && (
                <Badge bg="danger" className="ms-1">
                  {count}
                </Badge>
              )}
            </Nav.Link>
          </Nav.Item>
        );
      })}
    </Nav>
  );
}

/** The settings of the tab's category, each a row. */
export function CategoryCard({
  form,
  settings,
}: {
  form: GroupSettingsState;
  settings: Setting[];
}) {
  const { t } = useTranslation();
  const { tab, values, problems, submitted, writes, change } = form;
  return (
    <Card className="mb-4">
      <Card.Body>
        <h2 className="h5 mb-3">{t(`management.settings.categories.${tab}`)}</h2>
        {settings
          .filter((s) => s.deviceConfiguration.category === tab)
          .map((setting) => {
            const id = setting.deviceConfigurationId;
            const dirty = values[id] !== setting.value;
            return (
              <SettingRow
                key={id}
                setting={setting}
                value={values[id] ?? ''}
                problem={problems.get(id)}
                showProblem={submitted || dirty}
                dirty={dirty}
                readOnly={!writes}
                onChange={(value) => change(id, value)}
              />
            );
          })}
      </Card.Body>
    </Card>
  );
}

function SettingRow({
  setting,
  value,
  problem,
  showProblem,
  dirty,
  readOnly,
  onChange,
}: {
  setting: Setting;
  value: string;
  problem: string | undefined;
  showProblem: boolean;
  dirty: boolean;
  readOnly: boolean;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const definition = setting.deviceConfiguration;
  const id = `setting-${setting.deviceConfigurationId}`;
  const { label, description } = settingTexts(t, definition);
  const invalid = showProblem && problem !== undefined;
  const classes = cn(invalid ? 'is-invalid' : showProblem && 'is-valid', dirty && 'is-dirty');
  const describedBy = `${id}-description${invalid ? ` ${id}-feedback` : ''}`;
  const common = {
    id,
    required: true,
    disabled: readOnly,
    'aria-invalid': invalid,
    'aria-describedby': describedBy,
  };
  // The alarm and event grids need the room of the wider column.
  const grid = definition.type === 'alarmMask' || definition.type === 'eventMask';
  const editorProps = {
    kind: definition.type as 'cameraMask',
    value,
    onChange,
    label,
    idPrefix: id,
  };
  return (
    <div
      className="row g-2 mb-3 pb-3 border-bottom"
      data-testid="setting"
      data-parameter={definition.parameter}
    >
      <div className={grid ? 'col-xl-7' : 'col-md-5'}>
        <label className="form-label fw-semibold" htmlFor={id}>
          {label}
        </label>
        {definition.type === 'boolean' || definition.type === 'enum' ? (
          <select
            {...common}
            className={cn('form-select', classes)}
            value={value}
            onChange={(event) => onChange(event.target.value)}
          >
            {(definition.type === 'boolean' ? ['true', 'false'] : (definition.options ?? [])).map(
              (option) => (
                <option key={option} value={option}>
                  {definition.type === 'boolean'
                    ? t(option === 'true' ? 'management.list.yes' : 'management.list.no')
                    : option}
                </option>
              ),
            )}
          </select>
        ) : (
          <input
            {...common}
            type="text"
            inputMode={definition.type === 'decimal' ? 'decimal' : 'numeric'}
            className={cn('form-control', classes)}
            value={value}
            onChange={(event) => onChange(event.target.value)}
          />
        )}
        <div className="invalid-feedback" id={`${id}-feedback`}>
          {label} {problem}
        </div>
        {!readOnly && definition.type === 'cameraMask' && <CameraMaskEditor {...editorProps} />}
        {!readOnly && definition.type === 'alarmMask' && (
          <AlarmMaskEditor {...editorProps} kind="alarmMask" />
        )}
        {!readOnly && definition.type === 'eventMask' && (
          <EventMaskEditor {...editorProps} kind="eventMask" />
        )}
      </div>
      <div className={grid ? 'col-xl-5' : 'col-md-7'}>
        <p className="mb-1" id={`${id}-description`}>
          {description}
        </p>
        <p className="small text-body-secondary mb-0">
          {t('management.settings.default', {
            value:
              definition.type === 'boolean'
                ? t(
                    definition.defaultValue === 'true'
                      ? 'management.list.yes'
                      : 'management.list.no',
                  )
                : definition.defaultValue,
          })}
        </p>
      </div>
    </div>
  );
}
