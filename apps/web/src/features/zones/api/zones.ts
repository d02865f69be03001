import { endpoints, type ExportFormat, type ZoneInput, type ZoneVisitQuery } from '@fleet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/auth';
import { downloadCall, type DownloadProgress } from '@/lib/download';
import { endpointKey } from '@/lib/endpoint-key';

const table = endpoints.zones;

/** Everything of the organisation's zones (the list and the visits): invalidated by a change. */
export const zonesRootKey = (organisationId: number) => ['organisations', organisationId, 'zones'];

export const zonesQueryOptions = (organisationId: number) =>
  queryOptions({
    queryKey: endpointKey(table.list, { params: { id: organisationId } }),
    queryFn: () => api.call(table.list, { params: { id: organisationId } }),
  });

/** GET organisations/{id}/zones */
export const useZones = (organisationId: number) => useQuery(zonesQueryOptions(organisationId));

export const createZone = (organisationId: number, body: ZoneInput) =>
  api.call(table.create, { params: { id: organisationId }, body });
export const updateZone = (id: number, body: ZoneInput) =>
  api.call(table.update, { params: { id }, body });
export const deleteZone = (id: number) => api.call(table.remove, { params: { id } });

/** GET organisations/{id}/zones/visits?from&until[&zoneId][&groupId]; `mark`: the filter's Update. */
export const useZoneVisits = (
  organisationId: number,
  query: ZoneVisitQuery | null,
  mark?: unknown,
) =>
  useQuery({
    queryKey: endpointKey(
      table.visits,
      { params: { id: organisationId }, query: query ?? {} },
      mark,
    ),
    queryFn: () => api.call(table.visits, { params: { id: organisationId }, query: query! }),
    enabled: query !== null,
  });

/** Issue 21 §3: the zone report of `query` (the screen's), as a file. */
export const exportZoneVisits = (
  organisationId: number,
  query: ZoneVisitQuery,
  format: ExportFormat,
  onProgress: DownloadProgress,
) =>
  downloadCall(
    endpoints.exports.zoneVisits,
    { params: { id: organisationId }, query: { ...query, format } },
    { fallbackName: `zone-visits.${format}`, onProgress },
  );
