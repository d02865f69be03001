import { EntityEditScreen } from '@/features/management/edit/entity-edit-screen';
import { NotFound } from './not-found';
import { useManagementParams } from './use-management-params';

/** entity/edit?type=<resource>[&id=<id>]: the edit (or, without id, create) form of a record. */
export function Component() {
  const params = useManagementParams();
  if (!params) return <NotFound />;
  return <EntityEditScreen key={`${params.resource}-${params.id}`} {...params} />;
}
