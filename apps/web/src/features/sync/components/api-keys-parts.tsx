import type { IssuedSyncApiKey, SyncApiKey } from '@fleet/contract';
import { useState } from 'react';
import { Alert, Badge, Button, Form, InputGroup, Modal, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { cn, fieldClasses } from '@/lib/class-names';
import { formatDateTime } from '@/lib/fleet-time';
import type { ApiKeysCardState } from './use-api-keys';

/** Issue a key: its name, checked by the contract's schema. */
export function IssueKeyForm({ state }: { state: ApiKeysCardState }) {
  const { t } = useTranslation();
  const { register, formState, getFieldState } = state.form;
  const name = getFieldState('name', formState);
  return (
    <form
      noValidate
      onSubmit={state.onIssue}
      className="d-flex flex-wrap align-items-start gap-2 mb-3"
      aria-label={t('sync.apiKeys.issue')}
    >
      <div style={{ minWidth: '16rem' }}>
        <label className="visually-hidden" htmlFor="sync-api-key-name">
          {t('sync.apiKeys.name')}
        </label>
        <input
          id="sync-api-key-name"
          className={cn(
            'form-control',
            fieldClasses(!!name.error, name.isDirty, formState.isSubmitted),
          )}
          placeholder={t('sync.apiKeys.namePlaceholder')}
          aria-invalid={!!name.error}
          aria-describedby="sync-api-key-name-feedback"
          autoComplete="off"
          {...register('name')}
        />
        <div className="invalid-feedback" id="sync-api-key-name-feedback">
          {name.error?.message}
        </div>
      </div>
      <Button type="submit" variant="outline-primary" disabled={formState.isSubmitting}>
        {t('sync.apiKeys.issue')}
      </Button>
    </form>
  );
}

/** The organisation's keys: name, first characters, issued, last used, status, Revoke. */
export function ApiKeysTable({
  list,
  onRevoke,
}: {
  list: SyncApiKey[];
  onRevoke: (key: SyncApiKey) => void;
}) {
  const { t } = useTranslation();
  if (list.length === 0)
    return <p className="text-body-secondary mb-0">{t('sync.apiKeys.empty')}</p>;
  return (
    <Table responsive size="sm" className="mb-0 align-middle">
      <thead>
        <tr>
          <th scope="col">{t('sync.apiKeys.columns.name')}</th>
          <th scope="col">{t('sync.apiKeys.columns.prefix')}</th>
          <th scope="col">{t('sync.apiKeys.columns.created')}</th>
          <th scope="col">{t('sync.apiKeys.columns.lastUsed')}</th>
          <th scope="col">{t('sync.apiKeys.columns.status')}</th>
          <th scope="col">
            <span className="visually-hidden">{t('sync.apiKeys.columns.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {list.map((key) => (
          <ApiKeyRow key={key.id} apiKey={key} onRevoke={onRevoke} />
        ))}
      </tbody>
    </Table>
  );
}

function ApiKeyRow({
  apiKey: key,
  onRevoke,
}: {
  apiKey: SyncApiKey;
  onRevoke: (key: SyncApiKey) => void;
}) {
  const { t } = useTranslation();
  return (
    <tr data-testid="api-key">
      <td>{key.name}</td>
      <td className="font-monospace">{key.prefix}</td>
      <td>
        {formatDateTime(key.createdAt)}
        {key.createdBy && (
          <div className="small text-body-secondary">
            {t('sync.apiKeys.by', { name: key.createdBy })}
          </div>
        )}
      </td>
      <td>{key.lastUsedAt ? formatDateTime(key.lastUsedAt) : t('sync.apiKeys.never')}</td>
      <td>
        {key.revokedAt ? (
          <Badge bg="secondary" title={formatDateTime(key.revokedAt)}>
            {t('sync.apiKeys.revoked')}
          </Badge>
        ) : (
          <Badge bg="success">{t('sync.apiKeys.active')}</Badge>
        )}
      </td>
      <td className="text-end">
        {!key.revokedAt && (
          <Button
            size="sm"
            variant="outline-danger"
            onClick={() => onRevoke(key)}
            aria-label={`${t('sync.apiKeys.revoke')} ${key.name}`}
          >
            {t('sync.apiKeys.revoke')}
          </Button>
        )}
      </td>
    </tr>
  );
}

/** Asks before a key is revoked (another server reading with it is refused from then on). */
export function RevokeKeyDialog({ state }: { state: ApiKeysCardState }) {
  const { t } = useTranslation();
  const { revoking } = state;
  return (
    <Modal
      show={revoking !== null}
      onHide={() => state.askRevoke(null)}
      aria-labelledby="revoke-title"
    >
      <Modal.Header closeButton>
        <Modal.Title id="revoke-title" as="h2" className="h5">
          {t('sync.apiKeys.revokeTitle', { name: revoking?.name ?? '' })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{t('sync.apiKeys.revokeText')}</Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={() => state.askRevoke(null)}>
          {t('sync.apiKeys.cancel')}
        </Button>
        <Button variant="danger" onClick={() => revoking && void state.revoke(revoking)}>
          {t('sync.apiKeys.revoke')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

/** A key just issued, shown this once, with a copy button. */
export function IssuedKeyDialog({
  issued,
  onClose,
}: {
  issued: IssuedSyncApiKey | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(issued?.key ?? '');
      setCopied(true);
    } catch {
      // No clipboard (an insecure page): the text stays selectable in the field.
      setCopied(false);
    }
  };
  return (
    <Modal
      show={issued !== null}
      onHide={onClose}
      onExited={() => setCopied(false)}
      size="lg"
      backdrop="static"
      keyboard={false}
      aria-labelledby="issued-key-title"
    >
      <Modal.Header>
        <Modal.Title id="issued-key-title" as="h2" className="h5">
          {t('sync.apiKeys.issuedTitle')}
          {issued && <span className="text-body-secondary fs-6 ms-2">{issued.name}</span>}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <Alert variant="warning">{t('sync.apiKeys.issuedWarning')}</Alert>
        <Form.Label htmlFor="issued-api-key">{t('sync.apiKeys.keyLabel')}</Form.Label>
        <InputGroup>
          <Form.Control
            id="issued-api-key"
            readOnly
            value={issued?.key ?? ''}
            className="font-monospace"
            onFocus={(event) => event.target.select()}
          />
          <Button variant="outline-primary" onClick={() => void copy()}>
            {copied ? t('sync.apiKeys.copied') : t('sync.apiKeys.copy')}
          </Button>
        </InputGroup>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="primary" onClick={onClose}>
          {t('sync.apiKeys.done')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
