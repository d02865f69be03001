import { endpoints, type AlertRuleInput } from '@fleet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/auth';
import { endpointKey } from '@/lib/endpoint-key';

const table = endpoints.alerts;

export const notificationsKey = () => endpointKey(table.notifications, {});

/** The signed-in user's notifications; refreshed by the push channel's `notification`. */
export const useNotifications = () =>
  useQuery(
    queryOptions({
      queryKey: notificationsKey(),
      queryFn: () => api.call(table.notifications, { query: { limit: 30 } }),
    }),
  );

export const markRead = (id: number) => api.call(table.readNotification, { params: { id } });
/** Marks read what the list shows, up to its newest: one arriving meanwhile stays unread. */
export const markAllRead = (newest: number) =>
  api.call(table.readNotification, { params: { id: newest }, query: { andOlder: true } });

export const rulesKey = (organisationId: number) =>
  endpointKey(table.listRules, { params: { id: organisationId } });

export const useRules = (organisationId: number) =>
  useQuery(
    queryOptions({
      queryKey: rulesKey(organisationId),
      queryFn: () => api.call(table.listRules, { params: { id: organisationId } }),
    }),
  );

export const createRule = (organisationId: number, body: AlertRuleInput) =>
  api.call(table.createRule, { params: { id: organisationId }, body });
export const updateRule = (id: number, body: AlertRuleInput) =>
  api.call(table.updateRule, { params: { id }, body });
export const deleteRule = (id: number) => api.call(table.deleteRule, { params: { id } });

export const useMails = (organisationId: number) =>
  useQuery(
    queryOptions({
      queryKey: endpointKey(table.mailOutbox, { params: { id: organisationId } }),
      queryFn: () => api.call(table.mailOutbox, { params: { id: organisationId } }),
    }),
  );

/** The organisation's zones, for a zone rule's choice of zone (issue 21 §1). */
export const useZoneChoices = (organisationId: number, enabled: boolean) =>
  useQuery({
    queryKey: endpointKey(endpoints.zones.list, { params: { id: organisationId } }),
    queryFn: () => api.call(endpoints.zones.list, { params: { id: organisationId } }),
    enabled,
  });
