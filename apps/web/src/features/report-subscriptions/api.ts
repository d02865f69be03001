import { endpoints, type ReportSubscriptionInput } from '@fleet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/auth';
import { endpointKey } from '@/lib/endpoint-key';

const table = endpoints.reportSubscriptions;

export const subscriptionsKey = (organisationId: number) =>
  endpointKey(table.list, { params: { id: organisationId } });
export const deliveriesKey = (organisationId: number) =>
  endpointKey(table.deliveries, { params: { id: organisationId } });

export const useSubscriptions = (organisationId: number) =>
  useQuery(
    queryOptions({
      queryKey: subscriptionsKey(organisationId),
      queryFn: () => api.call(table.list, { params: { id: organisationId } }),
    }),
  );

export const useDeliveries = (organisationId: number) =>
  useQuery(
    queryOptions({
      queryKey: deliveriesKey(organisationId),
      queryFn: () => api.call(table.deliveries, { params: { id: organisationId } }),
    }),
  );

export const createSubscription = (organisationId: number, body: ReportSubscriptionInput) =>
  api.call(table.create, { params: { id: organisationId }, body });
export const deleteSubscription = (id: number) => api.call(table.remove, { params: { id } });

/** The organisation's users, for a manager's choice of recipient. */
export const useRecipients = (organisationId: number, enabled: boolean) =>
  useQuery({
    queryKey: endpointKey(endpoints.users.list, { params: { id: organisationId } }),
    queryFn: () => api.call(endpoints.users.list, { params: { id: organisationId } }),
    enabled,
  });
