import {
  API_BASE,
  endpointPath,
  endpoints,
  type EndpointResponse,
  type ExportFormat,
  type MediaItem,
} from '@fleet/contract';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryFilters,
} from '@tanstack/react-query';
import type { EntityType } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { api } from '@/lib/auth';
import { downloadCall, type DownloadProgress } from '@/lib/download';
import { endpointKey, endpointQueries } from '@/lib/endpoint-key';
import { toLocalIso } from '@/lib/fleet-time';

const media = endpoints.media;

export type Period = { from: Date; until: Date; update?: number };

const listOf = (type: EntityType) =>
  type === 'ASSET' ? endpoints.vehicleData.assetMedia : endpoints.vehicleData.driverMedia;

/** GET assets|drivers/{id}/media: the media of the period (any preset, This year too), newest first. */
export const mediaListOptions = (type: EntityType, id: number, period: Period) => {
  const input = {
    params: { id },
    query: { from: toLocalIso(period.from), until: toLocalIso(period.until) },
  };
  return queryOptions({
    // Update asks again for the same period.
    queryKey: endpointKey(listOf(type), input, period.update),
    queryFn: () => api.call(listOf(type), input),
  });
};

/** Issue 21 §3: an asset's media list of the period, as a file. */
export const exportAssetMedia = (
  assetId: number,
  period: Period,
  format: ExportFormat,
  onProgress: DownloadProgress,
) =>
  downloadCall(
    endpoints.exports.media,
    {
      params: { id: assetId },
      query: { from: toLocalIso(period.from), until: toLocalIso(period.until), format },
    },
    { fallbackName: `media.${format}`, onProgress },
  );

export const useMediaList = (type: EntityType, id: number, period: Period) =>
  useQuery(mediaListOptions(type, id, period));

/** The cached media lists (every owner and period), not a medium's own calls. */
export const mediaListQueries: QueryFilters = endpointQueries(
  endpoints.vehicleData.assetMedia,
  endpoints.vehicleData.driverMedia,
);

/** GET media/{id}: a medium the datapoints call only named by id. */
export const useMedium = (id: number, known?: MediaItem) =>
  useQuery({
    queryKey: endpointKey(media.get, { params: { id } }),
    queryFn: () => api.call(media.get, { params: { id } }),
    initialData: known,
  });

/** A link is asked for again this long before it expires. */
const LINK_MARGIN_MS = 30_000;

/**
 * GET media/{id}/links: short-lived addresses of the file and thumbnail for <img> and <video>
 * (no token in any URL). Kept until shortly before they expire.
 */
export const mediaLinksOptions = (id: number) =>
  queryOptions({
    queryKey: endpointKey(media.links, { params: { id } }),
    queryFn: () => api.call(media.links, { params: { id } }),
    staleTime: (query) => {
      const expiresAt = query.state.data && Date.parse(query.state.data.expiresAt);
      return expiresAt ? Math.max(0, expiresAt - Date.now() - LINK_MARGIN_MS) : 0;
    },
    // A new address would reload a playing video; the player asks for one when it needs it.
    refetchOnWindowFocus: false,
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });

export const useMediaLinks = (id: number) => useQuery(mediaLinksOptions(id));

/**
 * DELETE media/{id}; the lists that held it forget it at once. The medium's own queries are left
 * to expire, not removed: the open modal and the trip card's thumbnail still watch them until
 * their lists drop the medium, and a removed query they watch is asked again, answering 404
 * "Medium N does not exist" twice (issue 19 §6).
 */
export function useDeleteMedium() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(media.remove, { params: { id } }),
    onSuccess: (_, id) => {
      client.setQueriesData<MediaItem[]>(mediaListQueries, (list) =>
        list?.filter((item) => item.id !== id),
      );
      void client.cancelQueries({ queryKey: endpointKey(media.links, { params: { id } }) });
      void client.cancelQueries({
        queryKey: endpointKey(media.get, { params: { id } }),
        exact: true,
      });
      void client.invalidateQueries(mediaListQueries);
      void client.invalidateQueries(endpointQueries(endpoints.mediaRequests.medias));
    },
  });
}

export type UploadFields = {
  /** the device identifier */
  identifier: string;
  /** the event's moment */
  timestamp: string;
  file: Blob;
  fileName: string;
};

/**
 * POST media/ (multipart: identifier, timestamp, mimeType, fileName, then the file) with
 * XMLHttpRequest, which reports upload progress; the token and its refresh as every API call.
 * The trip card sends image/jpeg (spec §5); the server decides by the content, so a video works.
 */
type Uploaded = EndpointResponse<typeof media.upload>;

export function uploadMedium(
  fields: UploadFields,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<Uploaded> {
  const { method, path } = media.upload;
  return api.authorized(
    (token) =>
      new Promise<Uploaded>((resolve, reject) => {
        const xhr = new XMLHttpRequest();
        xhr.open(method, `${API_BASE.main}/${endpointPath(path, undefined)}`);
        xhr.setRequestHeader('Accept', 'application/json');
        if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
        xhr.upload.onprogress = (event) => {
          if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
        };
        xhr.onload = () => {
          let body: unknown = xhr.responseText;
          try {
            body = JSON.parse(xhr.responseText);
          } catch {
            // not JSON: passed on as text
          }
          if (xhr.status >= 200 && xhr.status < 300) resolve(body as Uploaded);
          else reject(new ApiError(xhr.status, body));
        };
        xhr.onerror = () => reject(new Error('The upload could not reach the server'));
        xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
        signal?.addEventListener('abort', () => xhr.abort(), { once: true });
        const form = new FormData();
        form.append('identifier', fields.identifier);
        form.append('timestamp', fields.timestamp);
        form.append('mimeType', 'image/jpeg');
        form.append('fileName', fields.fileName);
        form.append('file', fields.file, fields.fileName);
        onProgress(0);
        xhr.send(form);
      }),
  );
}
