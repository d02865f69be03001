import { endpoints } from '@fleet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/auth';
import { endpointKey } from '@/lib/endpoint-key';

export const getUser = (id: number) => api.call(endpoints.users.get, { params: { id } });

export const userQueryOptions = (id: number) =>
  queryOptions({
    queryKey: endpointKey(endpoints.users.get, { params: { id } }),
    queryFn: () => getUser(id),
  });

export const useUser = (id: number) => useQuery(userQueryOptions(id));
