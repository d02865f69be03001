import { CreateSyncApiKeyBody, type IssuedSyncApiKey, type SyncApiKey } from '@fleet/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Card, Form, InputGroup, Modal, Table } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notify } from '@/components/notifications';
import { errorText } from '@/lib/api-client';
import { cn, fieldClasses } from '@/lib/class-names';
import { formatDateTime } from '@/lib/fleet-time';
import { typeboxResolver } from '@/lib/typebox-resolver';
import { syncKeys } from '../api/configuration';
import { issueApiKey, revokeApiKey, useApiKeys } from '../api/api-keys';
import { QueryState } from './shared';

/**
 * The export side of this organisation: the API keys another server reads it with. A key is
 * shown once, when issued; the list shows its first characters, its use, and revokes it.
 */
export function ApiKeysCard({ organisationId }: { organisationId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const keys = useApiKeys(organisationId);
  const [issued, setIssued] = useState<IssuedSyncApiKey | null>(null);
  const [revoking, setRevoking] = useState<SyncApiKey | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  const resolver = useMemo(
    () =>
      typeboxResolver<CreateSyncApiKeyBody>(CreateSyncApiKeyBody, (issue) =>
        t(`validation.${issue.rule}`, { count: issue.limit }),
      ),
    [t],
  );
  const form = useForm<CreateSyncApiKeyBody>({ resolver, defaultValues: { name: '' } });
  const { register, handleSubmit, formState, getFieldState, reset } = form;
  const name = getFieldState('name', formState);

  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: syncKeys.apiKeys(organisationId) });

  const onIssue = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const key = await issueApiKey(organisationId, { name: values.name.trim() });
      setIssued(key);
      reset({ name: '' });
      notify(t('sync.apiKeys.issued', { name: key.name }), { type: 'success' });
      await refresh();
    } catch (error) {
      setFailure(error);
    }
  });

  const revoke = async (key: SyncApiKey) => {
    setFailure(null);
    try {
      await revokeApiKey(key.id);
      notify(t('sync.apiKeys.revokedNotice', { name: key.name }), { type: 'success' });
    } catch (error) {
      setFailure(error);
    } finally {
      setRevoking(null);
      await refresh();
    }
  };

  return (
    <Card data-testid="api-keys">
      <Card.Body>
        <Card.Title as="h2" className="h6 mb-1">
          {t('sync.apiKeys.title')}
        </Card.Title>
        <p className="small text-body-secondary">{t('sync.apiKeys.intro')}</p>
        {failure !== null && (
          <Alert variant="danger" role="alert">
            {errorText(failure)}
          </Alert>
        )}
        <form
          noValidate
          onSubmit={onIssue}
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
        <QueryState query={keys}>
          {(list) =>
            list.length === 0 ? (
              <p className="text-body-secondary mb-0">{t('sync.apiKeys.empty')}</p>
            ) : (
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
                    <tr key={key.id} data-testid="api-key">
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
                      <td>
                        {key.lastUsedAt ? formatDateTime(key.lastUsedAt) : t('sync.apiKeys.never')}
                      </td>
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
                            onClick={() => setRevoking(key)}
                            aria-label={`${t('sync.apiKeys.revoke')} ${key.name}`}
                          >
                            {t('sync.apiKeys.revoke')}
                          </Button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            )
          }
        </QueryState>
      </Card.Body>
      <IssuedKeyDialog issued={issued} onClose={() => setIssued(null)} />
      <Modal
        show={revoking !== null}
        onHide={() => setRevoking(null)}
        aria-labelledby="revoke-title"
      >
        <Modal.Header closeButton>
          <Modal.Title id="revoke-title" as="h2" className="h5">
            {t('sync.apiKeys.revokeTitle', { name: revoking?.name ?? '' })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>{t('sync.apiKeys.revokeText')}</Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={() => setRevoking(null)}>
            {t('sync.apiKeys.cancel')}
          </Button>
          <Button variant="danger" onClick={() => revoking && void revoke(revoking)}>
            {t('sync.apiKeys.revoke')}
          </Button>
        </Modal.Footer>
      </Modal>
    </Card>
  );
}

/** A key just issued, shown this once, with a copy button. */
function IssuedKeyDialog({
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
