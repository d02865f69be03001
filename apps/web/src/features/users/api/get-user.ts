import type { User } from '@fleet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/auth';

export const getUser = (id: number) => api.get<User>(`users/${id}`);

export const userQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['users', id], queryFn: () => getUser(id) });

export const useUser = (id: number) => useQuery(userQueryOptions(id));
