import {
  SAFETY_ACTIONS,
  type SafetyAction,
  type SafetyActionInput,
  type SafetyCaseDetail,
} from '@fleet/contract';
import { Button, Card, OverlayTrigger, Popover } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/fleet-time';
import { useEventTypeLabel } from '@/lib/use-labels';
import { useCaseAction, useCoaches } from '../api/cases';
import { SHORTCUTS } from '../shortcuts';
import { ActionDialog } from './action-dialog';

const VARIANT: Record<SafetyAction, string> = {
  DISMISS: 'outline-secondary',
  COACH: 'primary',
  RECOGNISE: 'outline-success',
  REASSIGN: 'outline-primary',
  COACHED: 'success',
  ACKNOWLEDGE: 'outline-primary',
  UNDO: 'outline-danger',
};

/** The letter of an action's shortcut, shown on its button. */
const KEY_OF: Partial<Record<SafetyAction, string>> = { DISMISS: 'd', COACH: 'c', RECOGNISE: 'r' };

/** A button for each action the caller may take now, in the contract's order. */
export function ActionsCard({
  item,
  onOpen,
}: {
  item: SafetyCaseDetail;
  onOpen: (action: SafetyAction) => void;
}) {
  const { t } = useTranslation();
  const allowed = SAFETY_ACTIONS.filter((action) => item.allowedActions.includes(action));
  return (
    <Card className="mb-3">
      <Card.Header>{t('safety.actions.title')}</Card.Header>
      <Card.Body className="d-flex flex-wrap gap-2" data-testid="case-actions">
        {allowed.length === 0 && (
          <span className="text-body-secondary small">{t('safety.actions.none')}</span>
        )}
        {allowed.map((action) => (
          <Button
            key={action}
            variant={VARIANT[action]}
            onClick={() => onOpen(action)}
            aria-keyshortcuts={KEY_OF[action]}
          >
            {t(`safety.actions.${action}`)}
            {KEY_OF[action] && (
              <kbd className="ms-2 small bg-body-secondary text-body">{KEY_OF[action]}</kbd>
            )}
          </Button>
        ))}
      </Card.Body>
    </Card>
  );
}

/** The dialog of one action on the case; `onDone` after the server took it. */
export function CaseActionDialog({
  item,
  action,
  onDone,
  onHide,
}: {
  item: SafetyCaseDetail;
  action: SafetyAction;
  onDone: (action: SafetyAction) => void;
  onHide: () => void;
}) {
  const eventLabel = useEventTypeLabel();
  const mutation = useCaseAction(item.id);
  const needsCoaches = action === 'COACH' || action === 'REASSIGN';
  const coaches = useCoaches(item.organisationId, needsCoaches);
  const submit = (input: SafetyActionInput) =>
    mutation.mutate(input, { onSuccess: () => onDone(action) });
  return (
    <ActionDialog
      action={action}
      coaches={coaches.data ?? []}
      subject={`${eventLabel(item.eventType)} ${formatDateTime(item.eventTime)}`}
      pending={mutation.isPending}
      error={mutation.error}
      onSubmit={submit}
      onHide={onHide}
    />
  );
}

/** The shortcuts' help: a button, and a popover that ? opens and closes too. */
export function ShortcutsHelp({
  show,
  onToggle,
}: {
  show: boolean;
  onToggle: (show: boolean) => void;
}) {
  const { t } = useTranslation();
  const popover = (
    <Popover id="safety-shortcuts" data-testid="shortcuts-help">
      <Popover.Header as="h2" className="fs-6">
        {t('safety.shortcuts.title')}
      </Popover.Header>
      <Popover.Body>
        <table className="small">
          <tbody>
            {SHORTCUTS.map(({ command, keys }) => (
              <tr key={command}>
                <td className="pe-3 text-nowrap">
                  {keys.map((key, index) => (
                    <span key={key}>
                      {index > 0 && ` ${t('safety.shortcuts.or')} `}
                      <kbd>{key}</kbd>
                    </span>
                  ))}
                </td>
                <td>{t(`safety.shortcuts.${command}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Popover.Body>
    </Popover>
  );
  return (
    <OverlayTrigger
      trigger="click"
      placement="bottom-end"
      show={show}
      onToggle={onToggle}
      overlay={popover}
      rootClose
    >
      <Button variant="outline-secondary" aria-keyshortcuts="?">
        {t('safety.shortcuts.button')} <kbd className="ms-1">?</kbd>
      </Button>
    </OverlayTrigger>
  );
}
