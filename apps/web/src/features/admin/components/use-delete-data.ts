import type { DeletionProgress } from '@fleet/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useOrganisations } from '@/lib/api/get-organisations';
import { useAuthenticatedSession } from '@/lib/auth';
import { deleteData } from '../api';
import { deleteConfirmation } from '@/lib/delete-confirmation';

export type DeletionRun =
  | { phase: 'idle' }
  | { phase: 'running'; progress: DeletionProgress | null }
  | { phase: 'finished'; result: DeletionProgress; name: string }
  | { phase: 'failed'; error: unknown; cancelled: boolean };

/** The delete-data card's state: the organisation, the name typed to confirm, and the run. */
export function useDeleteData() {
  const { organisation_id } = useAuthenticatedSession();
  const organisations = useOrganisations();
  const [organisationId, setOrganisationId] = useState(organisation_id);
  const [typed, setTyped] = useState('');
  const [run, setRun] = useState<DeletionRun>({ phase: 'idle' });
  const abort = useRef<AbortController | null>(null);
  const name = useMemo(
    () => organisations.data?.find((o) => o.id === organisationId)?.name ?? '',
    [organisations.data, organisationId],
  );
  const { confirmed, mismatch } = deleteConfirmation(name, typed);

  useEffect(() => () => abort.current?.abort(), []);

  const start = async () => {
    if (!confirmed) return;
    const controller = new AbortController();
    abort.current = controller;
    setRun({ phase: 'running', progress: null });
    try {
      const result = await deleteData(organisationId, typed.trim(), controller.signal, (line) =>
        setRun({ phase: 'running', progress: line }),
      );
      setRun({ phase: 'finished', result, name });
      setTyped('');
    } catch (error) {
      setRun({ phase: 'failed', error, cancelled: controller.signal.aborted });
    } finally {
      abort.current = null;
    }
  };

  return {
    organisationId,
    chooseOrganisation: (value: number) => {
      setOrganisationId(value);
      setTyped('');
      setRun({ phase: 'idle' });
    },
    name,
    typed,
    setTyped,
    confirmed,
    mismatch,
    run,
    running: run.phase === 'running',
    start,
    cancel: () => abort.current?.abort(),
  };
}
export type DeleteDataState = ReturnType<typeof useDeleteData>;
