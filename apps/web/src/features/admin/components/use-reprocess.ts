import type { ImportProgress } from '@fleet/contract';
import { useEffect, useRef, useState } from 'react';
import { useAuthenticatedSession } from '@/lib/auth';
import { reprocess } from '../api';
import { checkPeriod, periodErrors, yesterday, type PeriodDraft } from '../period';
import type { Run } from '../reprocess-run';

export type Scope = 'organisation' | 'asset';

/** The re-processing card's state: what to re-process, over which period, and the run. */
export function useReprocess() {
  const { organisation_id } = useAuthenticatedSession();
  const [scope, setScope] = useState<Scope>('organisation');
  const [organisationId, setOrganisationId] = useState(organisation_id);
  const [assetId, setAssetId] = useState<number | undefined>();
  const [period, setPeriod] = useState<PeriodDraft>(() => yesterday(new Date()));
  const [submitted, setSubmitted] = useState(false);
  const [run, setRun] = useState<Run>({ phase: 'idle' });
  const abort = useRef<AbortController | null>(null);
  const check = checkPeriod(period);
  const assetMissing = scope === 'asset' && assetId === undefined;

  // Leaving the page cancels a re-processing under way.
  useEffect(() => () => abort.current?.abort(), []);

  const start = async () => {
    setSubmitted(true);
    if (!check.ok || assetMissing) return;
    const controller = new AbortController();
    abort.current = controller;
    let last: ImportProgress | null = null;
    setRun({ phase: 'running', progress: null });
    try {
      const result = await reprocess(
        scope === 'asset' ? { assetId: assetId! } : { organisationId },
        check.window,
        controller.signal,
        (line) => {
          last = line;
          setRun({ phase: 'running', progress: line });
        },
      );
      setRun({ phase: 'finished', result });
    } catch (error) {
      setRun({ phase: 'failed', error, cancelled: controller.signal.aborted, progress: last });
    } finally {
      abort.current = null;
    }
  };

  return {
    scope,
    setScope,
    organisationId,
    chooseOrganisation: (value: number) => {
      setOrganisationId(value);
      setAssetId(undefined);
    },
    assetId,
    setAssetId,
    period,
    setPeriod,
    submitted,
    assetMissing,
    errors: periodErrors(check, submitted),
    run,
    running: run.phase === 'running',
    start,
    cancel: () => abort.current?.abort(),
  };
}
export type ReprocessState = ReturnType<typeof useReprocess>;
