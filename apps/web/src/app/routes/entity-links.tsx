import { LinksScreen } from '@/features/management/links/links-screen';
import { NotFound } from './not-found';
import { useManagementParams } from './use-management-params';

/** entity/links?type=assets|devices|drivers&id=<id>. */
export function Component() {
  const params = useManagementParams();
  const subject = params?.resource;
  if (!params?.id || (subject !== 'assets' && subject !== 'devices' && subject !== 'drivers'))
    return <NotFound />;
  return <LinksScreen key={`${subject}-${params.id}`} subject={subject} id={params.id} />;
}
