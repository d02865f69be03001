import { Alert, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/api-client';
import { useApiKeys } from '../api/api-keys';
import { ApiKeysTable, IssuedKeyDialog, IssueKeyForm, RevokeKeyDialog } from './api-keys-parts';
import { QueryState } from './shared';
import { useApiKeysCard } from './use-api-keys';

/**
 * The export side of this organisation: the API keys another server reads it with. A key is
 * shown once, when issued; the list shows its first characters, its use, and revokes it.
 */
export function ApiKeysCard({ organisationId }: { organisationId: number }) {
  const { t } = useTranslation();
  const keys = useApiKeys(organisationId);
  const state = useApiKeysCard(organisationId);
  return (
    <Card data-testid="api-keys">
      <Card.Body>
        <Card.Title as="h2" className="h6 mb-1">
          {t('sync.apiKeys.title')}
        </Card.Title>
        <p className="small text-body-secondary">{t('sync.apiKeys.intro')}</p>
        {state.failure !== null && (
          <Alert variant="danger" role="alert">
            {errorText(state.failure)}
          </Alert>
        )}
        <IssueKeyForm state={state} />
        <QueryState query={keys}>
          {(list) => <ApiKeysTable list={list} onRevoke={state.askRevoke} />}
        </QueryState>
      </Card.Body>
      <IssuedKeyDialog issued={state.issued} onClose={state.closeIssued} />
      <RevokeKeyDialog state={state} />
    </Card>
  );
}
