import {
  COACHING_METHODS,
  DISMISSAL_REASONS,
  MAX_SAFETY_TEXT,
  type SafetyAction,
  type SafetyActionInput,
  type SafetyCoach,
} from '@fleet/contract';
import { useId, useState, type FormEvent } from 'react';
import { Alert, Button, Form, Modal, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/api-client';
import {
  ACTION_FIELDS,
  actionInput,
  EMPTY_DRAFT,
  textRequired,
  type ActionDraft,
} from '../action-input';

type Props = {
  action: SafetyAction;
  /** the coaches a COACH or REASSIGN may choose (the first option: the default coach) */
  coaches: SafetyCoach[];
  /** the title's subject: one case's name, or how many are selected */
  subject: string;
  pending: boolean;
  error: unknown;
  onSubmit: (input: SafetyActionInput) => void;
  onHide: () => void;
};

function TextField({
  id,
  label,
  value,
  onChange,
  invalid,
  autoFocus,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  invalid: boolean;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Form.Group controlId={id} className="mb-3">
      <Form.Label>{label}</Form.Label>
      <Form.Control
        as="textarea"
        rows={3}
        maxLength={MAX_SAFETY_TEXT}
        value={value}
        isInvalid={invalid}
        autoFocus={autoFocus}
        onChange={(event) => onChange(event.target.value)}
      />
      <Form.Control.Feedback type="invalid">{t('safety.actions.required')}</Form.Control.Feedback>
    </Form.Group>
  );
}

/** A choice (reason, coach, method): the first field of its dialog, so it has the focus. */
function ChoiceField({
  id,
  label,
  value,
  options,
  onChange,
  invalid = false,
}: {
  id: string;
  label: string;
  value: string;
  options: [value: string, label: string][];
  onChange: (value: string) => void;
  invalid?: boolean;
}) {
  return (
    <Form.Group controlId={id} className="mb-3">
      <Form.Label>{label}</Form.Label>
      <Form.Select
        autoFocus
        value={value}
        isInvalid={invalid}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}

/** The fields of one action: reason and text, coach and due date, method and notes, or a text. */
function Fields({
  action,
  draft,
  set,
  errors,
  coaches,
}: {
  action: SafetyAction;
  draft: ActionDraft;
  set: (change: Partial<ActionDraft>) => void;
  errors: (keyof ActionDraft)[];
  coaches: SafetyCoach[];
}) {
  const { t } = useTranslation();
  const id = useId();
  const fields = ACTION_FIELDS[action];
  const textLabel =
    action === 'UNDO'
      ? t('safety.actions.undoReason')
      : textRequired(action, draft)
        ? t('safety.actions.text')
        : t('safety.actions.textOptional');
  return (
    <>
      {fields.includes('reason') && (
        <ChoiceField
          id={`${id}-reason`}
          label={t('safety.actions.reason')}
          value={draft.reason}
          options={DISMISSAL_REASONS.map((r) => [r, t(`safety.reasons.${r}`)])}
          onChange={(reason) => set({ reason: reason as ActionDraft['reason'] })}
        />
      )}
      {fields.includes('coachUserId') && (
        <ChoiceField
          id={`${id}-coach`}
          label={t('safety.actions.coach')}
          value={draft.coachUserId}
          options={[
            ['', t('safety.actions.defaultCoach')],
            ...coaches.map((c): [string, string] => [String(c.id), c.name]),
          ]}
          onChange={(coachUserId) => set({ coachUserId })}
          invalid={errors.includes('coachUserId')}
        />
      )}
      {fields.includes('dueDate') && (
        <Form.Group controlId={`${id}-due`} className="mb-3">
          <Form.Label>{t('safety.actions.dueDate')}</Form.Label>
          <Form.Control
            type="date"
            value={draft.dueDate}
            isInvalid={errors.includes('dueDate')}
            onChange={(event) => set({ dueDate: event.target.value })}
          />
        </Form.Group>
      )}
      {fields.includes('method') && (
        <ChoiceField
          id={`${id}-method`}
          label={t('safety.actions.method')}
          value={draft.method}
          options={COACHING_METHODS.map((m) => [m, t(`safety.methods.${m}`)])}
          onChange={(method) => set({ method: method as ActionDraft['method'] })}
        />
      )}
      {fields.includes('notes') && (
        <TextField
          id={`${id}-notes`}
          label={t('safety.actions.notes')}
          value={draft.notes}
          onChange={(notes) => set({ notes })}
          invalid={false}
        />
      )}
      {fields.includes('text') && (
        <TextField
          id={`${id}-text`}
          label={textLabel}
          value={draft.text}
          onChange={(text) => set({ text })}
          invalid={errors.includes('text')}
          autoFocus={fields.length === 1}
        />
      )}
    </>
  );
}

/**
 * One action on a case (or on the selected cases): its fields in a dialog. The first field has
 * the focus, so a reviewer at the keyboard confirms the defaults with Enter (in a text area,
 * where Enter is a new line, with Ctrl+Enter).
 */
export function ActionDialog({
  action,
  coaches,
  subject,
  pending,
  error,
  onSubmit,
  onHide,
}: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const [draft, setDraft] = useState<ActionDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<(keyof ActionDraft)[]>([]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const result = actionInput(action, draft);
    if ('errors' in result) return setErrors(result.errors);
    setErrors([]);
    onSubmit(result.input);
  };

  return (
    <Modal show onHide={onHide} centered aria-labelledby={titleId}>
      <Form
        noValidate
        onSubmit={submit}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          // A select does not submit its form on Enter as a field does; here it does.
          const onSelect = (event.target as HTMLElement).tagName === 'SELECT';
          if (!onSelect && !event.ctrlKey && !event.metaKey) return;
          event.preventDefault();
          submit();
        }}
        data-testid="action-dialog"
        data-action={action}
      >
        <Modal.Header closeButton closeLabel={t('safety.actions.cancel')}>
          <Modal.Title as="h2" className="fs-5" id={titleId}>
            {t(`safety.actions.${action}`)} · {subject}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Fields
            action={action}
            draft={draft}
            set={(change) => setDraft({ ...draft, ...change })}
            errors={errors}
            coaches={coaches}
          />
          {!!error && (
            <Alert variant="danger" className="mb-0">
              {errorText(error)}
            </Alert>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onHide}>
            {t('safety.actions.cancel')}
          </Button>
          <Button type="submit" disabled={pending}>
            {pending && <Spinner size="sm" className="me-2" />}
            {t('safety.actions.save')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
