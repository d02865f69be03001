import '../locales/register';
import type { Asset, Driver } from '@fleet/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Button, Card, Form, ListGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { notify } from '@/components/notifications';
import { PageHeader } from '@/components/page-header';
import { errorText } from '@/lib/api-client';
import { useAuthenticatedSession } from '@/lib/auth';
import { entityQueries, useEntity } from '../api/entities';
import {
  addMember,
  candidatesQueryOptions,
  MEMBER_KINDS,
  memberKeys,
  membersQueryOptions,
  removeMember,
  type MemberKind,
  type MemberOwner,
  type Members,
} from '../api/members';
import { entityName } from '../columns';
import { mayWrite } from '../resources';
import { QueryState } from '../shared';

type Member = Asset | Driver;
const nameOf = (kind: MemberKind, member: Member) =>
  kind === 'drivers'
    ? `${(member as Driver).firstName} ${(member as Driver).lastName}`
    : (member as Asset).name;

/** entity/members (spec §2, §7): a group's assets and drivers, a configuration group's assets. */
export function MembersScreen({ owner, id }: { owner: MemberOwner; id: number }) {
  const { t } = useTranslation();
  const entity = useEntity(owner, id);
  const members = useQuery(membersQueryOptions(owner, id));
  const candidates = useQuery(candidatesQueryOptions(owner, id));
  const name = entityName(owner, entity.data);
  return (
    <>
      <PageHeader
        title={name ? t('management.members.title', { name }) : t('management.members.members')}
        subtitle={t(`management.resources.${owner}`)}
      />
      <QueryState query={members}>
        {(current) => (
          <QueryState query={candidates}>
            {(open) => (
              <>
                {MEMBER_KINDS[owner].map((kind) => (
                  <MemberKindCard
                    key={kind}
                    owner={owner}
                    id={id}
                    kind={kind}
                    members={current}
                    candidates={open}
                  />
                ))}
              </>
            )}
          </QueryState>
        )}
      </QueryState>
    </>
  );
}

function MemberKindCard({
  owner,
  id,
  kind,
  members,
  candidates,
}: {
  owner: MemberOwner;
  id: number;
  kind: MemberKind;
  members: Members;
  candidates: Members;
}) {
  const { t } = useTranslation();
  const { user_role: role } = useAuthenticatedSession();
  const writes = mayWrite(role);
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState('');
  const mutation = useMutation({
    mutationFn: ({ member, add }: { member: Member; add: boolean }) =>
      add ? addMember(owner, id, kind, member.id) : removeMember(owner, id, kind, member.id),
    onSuccess: async (_, { member, add }) => {
      notify(
        t(add ? 'management.members.added' : 'management.members.removed', {
          name: nameOf(kind, member),
        }),
        { type: 'success' },
      );
      await Promise.all(
        memberKeys(owner, id).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
      // An asset's configuration group shows on the asset too.
      await queryClient.invalidateQueries(entityQueries(kind));
    },
  });
  const inGroup = (members[kind] ?? []) as Member[];
  const needle = filter.trim().toLocaleLowerCase();
  const outside = ((candidates[kind] ?? []) as Member[]).filter((member) =>
    nameOf(kind, member).toLocaleLowerCase().includes(needle),
  );
  const title = t(`management.members.${kind}`);
  const list = (items: Member[], add: boolean, empty: string, label: string) => (
    // A long list scrolls inside its card, so both lists stay in view.
    <ListGroup variant="flush" aria-label={label} style={{ maxHeight: 420, overflowY: 'auto' }}>
      {items.map((member) => (
        <ListGroup.Item key={member.id} className="d-flex align-items-center gap-2">
          <span className="flex-grow-1">{nameOf(kind, member)}</span>
          {writes && (
            <Button
              size="sm"
              variant={add ? 'outline-primary' : 'outline-danger'}
              disabled={mutation.isPending}
              aria-label={`${t(add ? 'management.members.add' : 'management.members.remove')}: ${nameOf(kind, member)}`}
              onClick={() => mutation.mutate({ member, add })}
            >
              {t(add ? 'management.members.add' : 'management.members.remove')}
            </Button>
          )}
        </ListGroup.Item>
      ))}
      {items.length === 0 && (
        <ListGroup.Item className="text-body-secondary">{empty}</ListGroup.Item>
      )}
    </ListGroup>
  );
  return (
    <section className="mb-4" aria-label={title}>
      <h2 className="h5">{title}</h2>
      {mutation.isError && (
        <Alert variant="danger" dismissible onClose={() => mutation.reset()}>
          {errorText(mutation.error)}
        </Alert>
      )}
      <div className="row g-3">
        <div className="col-md-6">
          <Card>
            <Card.Header>
              {t('management.members.members')} ({inGroup.length})
            </Card.Header>
            {list(
              inGroup,
              false,
              t('management.members.none'),
              `${title}: ${t('management.members.members')}`,
            )}
          </Card>
        </div>
        <div className="col-md-6">
          <Card>
            <Card.Header className="d-flex align-items-center gap-2">
              <span className="flex-grow-1">{t('management.members.candidates')}</span>
              <Form.Control
                size="sm"
                type="search"
                style={{ maxWidth: 200 }}
                aria-label={`${t('management.list.search')}: ${title}`}
                placeholder={t('management.list.search')}
                value={filter}
                onChange={(event) => setFilter(event.target.value)}
              />
            </Card.Header>
            {list(
              outside,
              true,
              t('management.members.noCandidates'),
              `${title}: ${t('management.members.candidates')}`,
            )}
          </Card>
        </div>
      </div>
    </section>
  );
}
