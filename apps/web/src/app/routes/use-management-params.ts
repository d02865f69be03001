import { useSearchParams } from 'react-router';
import { isResource, type Resource } from '@/features/management/resources';

/** ?type=<resource>&id=<id> of the entity/* screens; the id is absent when creating. */
export function useManagementParams(): { resource: Resource; id: number | undefined } | null {
  const [params] = useSearchParams();
  const type = params.get('type');
  const raw = params.get('id');
  const id = raw === null ? undefined : Number(raw);
  if (!isResource(type)) return null;
  if (id !== undefined && !(Number.isSafeInteger(id) && id > 0)) return null;
  return { resource: type, id };
}
