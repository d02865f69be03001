import { endpoints, GEOCODE_LANGUAGES, type Location } from '@fleet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/auth';
import { endpointKey } from '@/lib/endpoint-key';

type GeocodeLanguage = (typeof GEOCODE_LANGUAGES)[number];

/** GET geocode: the server's reverse geocoding (cached there too); null when it names nothing. */
const addressInput = (location: Location, language: GeocodeLanguage) => ({
  query: { latitude: location.latitude, longitude: location.longitude, language },
});

export const getAddress = (location: Location, language: GeocodeLanguage) =>
  api
    .call(endpoints.geocoding.address, addressInput(location, language))
    .then((answer) => answer.address);

export const addressQueryOptions = (location: Location, language: GeocodeLanguage) =>
  queryOptions({
    queryKey: endpointKey(endpoints.geocoding.address, addressInput(location, language)),
    queryFn: () =>
      getAddress(location, language).catch((error: unknown) => {
        console.warn('Reverse geocoding failed', error);
        throw error;
      }),
    // An address does not move: ask once per position and language for the page's life.
    staleTime: Infinity,
    gcTime: 60 * 60_000,
    retry: false,
    // A failure is logged, never shown as an error (spec §8): the address reads 'Unknown'.
    meta: { silent: true },
  });

const asLanguage = (language: string): GeocodeLanguage =>
  (GEOCODE_LANGUAGES as readonly string[]).includes(language)
    ? (language as GeocodeLanguage)
    : 'en';

/**
 * The address of a location: `address` is null when there is no location, when nothing is known
 * there, or when the lookup failed (shown as 'Unknown', spec §2 and §8).
 */
export function useAddress(location: Location | null | undefined) {
  const { i18n } = useTranslation();
  const query = useQuery({
    ...addressQueryOptions(location ?? { latitude: 0, longitude: 0 }, asLanguage(i18n.language)),
    enabled: !!location,
  });
  return {
    address: location ? (query.data ?? null) : null,
    loading: !!location && query.isPending,
  };
}
