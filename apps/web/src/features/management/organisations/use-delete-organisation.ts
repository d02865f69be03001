import { endpoints, type DeletionProgress } from '@fleet/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/components/notifications';
import { ORGANISATIONS_KEY } from '@/lib/api/get-organisations';
import { deleteConfirmation } from '@/lib/delete-confirmation';
import { streamCall } from '@/lib/progress-stream';
import { entityQueries, type Entity } from '../api/entities';

export type DeletionState =
  | { phase: 'confirm' }
  | { phase: 'deleting'; progress: DeletionProgress | null }
  | { phase: 'failed'; error: unknown; cancelled: boolean };

/**
 * The state of deleting an organisation (DELETE organisations/{id}?confirm=<name>): the name
 * typed to confirm, the deletion's progress as it streams in, and Cancel, which stops it with
 * nothing deleted (one transaction). Leaving mid-way cancels it too.
 */
export function useDeleteOrganisation(row: Entity, onClose: () => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const [state, setState] = useState<DeletionState>({ phase: 'confirm' });
  const abort = useRef<AbortController | null>(null);
  const name = String(row.name);
  const { confirmed, mismatch } = deleteConfirmation(name, typed);
  const deleting = state.phase === 'deleting';

  useEffect(() => () => abort.current?.abort(), []);

  const start = async () => {
    if (!confirmed) return;
    const controller = new AbortController();
    abort.current = controller;
    setState({ phase: 'deleting', progress: null });
    try {
      await streamCall(
        endpoints.organisations.remove,
        { params: { id: row.id }, query: { confirm: typed.trim() } },
        {
          signal: controller.signal,
          onLine: (progress: DeletionProgress) => setState({ phase: 'deleting', progress }),
        },
      );
      notify(t('management.deleteOrganisation.deleted', { name }), { type: 'success' });
      await Promise.all([
        queryClient.invalidateQueries(entityQueries('organisations')),
        queryClient.invalidateQueries({ queryKey: ORGANISATIONS_KEY }),
      ]);
      onClose();
    } catch (error) {
      setState({ phase: 'failed', error, cancelled: controller.signal.aborted });
    } finally {
      abort.current = null;
    }
  };

  return {
    name,
    typed,
    setTyped,
    confirmed,
    mismatch,
    state,
    deleting,
    start,
    cancel: () => abort.current?.abort(),
    /** Closing waits while the deletion runs: Cancel first. */
    close: () => {
      if (!deleting) onClose();
    },
  };
}
export type DeleteOrganisationState = ReturnType<typeof useDeleteOrganisation>;
