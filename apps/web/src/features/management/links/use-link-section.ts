import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthenticatedSession } from '@/lib/auth';
import { toLocalIso } from '@/lib/fleet-time';
import { useAll, type Entity } from '../api/entities';
import {
  deleteLink,
  linkQueries,
  linksQueryOptions,
  linkTarget,
  terminateLink,
  type Link,
  type LinkKind,
  type LinkSubject,
} from '../api/links';
import { entityName } from '../columns';
import { mayWrite, type Resource } from '../resources';
import { linkEnds, otherEnd } from './link-ends';
import { reprocessDays } from './reprocess';

export type Outcome = { text: string; days?: { first: string; last: string } };

/**
 * The state of one kind of link on a links screen: the links, the other side's names, and
 * link, end and delete, each followed by what was done and which days are re-processed.
 */
export function useLinkSection(subject: LinkSubject, id: number, kind: LinkKind) {
  const { t } = useTranslation();
  const { organisation_id: organisationId, user_role: role } = useAuthenticatedSession();
  const queryClient = useQueryClient();
  const links = useQuery(linksQueryOptions(subject, id, kind));
  // The other side of each link: devices or drivers of an asset, assets of a device or driver.
  const counterpart: Resource = subject === 'assets' ? kind : 'assets';
  const others = useAll<Entity>(counterpart, organisationId);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const mutation = useMutation({
    mutationFn: (action: () => Promise<Outcome>) => action(),
    onMutate: () => setOutcome(null),
    onSuccess: async (result) => {
      setOutcome(result);
      await Promise.all(linkQueries(subject, id).map((q) => queryClient.invalidateQueries(q)));
    },
  });
  const otherOf = (row: Link) => otherEnd(subject, kind, row);
  const nameOf = (otherId: number) => {
    const other = others.data?.find((row) => row.id === otherId);
    return other ? entityName(counterpart, other) : `#${otherId}`;
  };

  const link = (otherId: number, from: Date | null) =>
    mutation.mutate(async () => {
      const { assetId, targetId } = linkEnds(subject, id, otherId);
      const made = await linkTarget(assetId, kind, targetId, from ? toLocalIso(from) : undefined);
      return {
        text: t('management.links.linked'),
        days: reprocessDays(made.from, null, new Date()),
      };
    });
  const terminate = (row: Link, until: Date | null) =>
    mutation.mutate(async () => {
      const { assetId, targetId } = linkEnds(subject, id, otherOf(row));
      const at = until ? toLocalIso(until) : undefined;
      const ended = await terminateLink(assetId, kind, targetId, at);
      return {
        text: t('management.links.terminated'),
        days: reprocessDays(ended.until ?? new Date(), null, new Date()),
      };
    });
  const remove = (row: Link) => {
    if (!window.confirm(t('management.links.deleteConfirm'))) return;
    mutation.mutate(async () => {
      await deleteLink(kind, row.id);
      return {
        text: t('management.links.deleted'),
        days: reprocessDays(row.from, row.until, new Date()),
      };
    });
  };

  return {
    links,
    writes: mayWrite(role),
    counterpart,
    options: (others.data ?? []).map((row) => ({ id: row.id, name: entityName(counterpart, row) })),
    nameOf: (row: Link) => nameOf(otherOf(row)),
    outcome,
    dismissOutcome: () => setOutcome(null),
    mutation,
    link,
    terminate,
    remove,
  };
}
