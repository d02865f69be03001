import { CreateSyncApiKeyBody, type IssuedSyncApiKey, type SyncApiKey } from '@fleet/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notify } from '@/components/notifications';
import { typeboxResolver } from '@/lib/typebox-resolver';
import { syncKeys } from '../api/configuration';
import { issueApiKey, revokeApiKey } from '../api/api-keys';

/** The API keys card's state: the issue form, the key just issued, the key to revoke, a failure. */
export function useApiKeysCard(organisationId: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
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
  const { handleSubmit, reset } = form;

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

  return {
    form,
    onIssue,
    issued,
    closeIssued: () => setIssued(null),
    revoking,
    askRevoke: setRevoking,
    revoke,
    failure,
  };
}
export type ApiKeysCardState = ReturnType<typeof useApiKeysCard>;
