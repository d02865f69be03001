import { MembersScreen } from '@/features/management/members/members-screen';
import { NotFound } from './not-found';
import { useManagementParams } from './use-management-params';

/** entity/members?type=groups|configurationgroups&id=<id>. */
export function Component() {
  const params = useManagementParams();
  if (!params?.id || (params.resource !== 'groups' && params.resource !== 'configurationgroups'))
    return <NotFound />;
  return (
    <MembersScreen key={`${params.resource}-${params.id}`} owner={params.resource} id={params.id} />
  );
}
