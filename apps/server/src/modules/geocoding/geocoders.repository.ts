import type { GEOCODE_LANGUAGES } from '@fleet/contract';
import { describePosition } from './offline-geocoder.js';

export type GeocodeLanguage = (typeof GEOCODE_LANGUAGES)[number];
export const GEOCODER_KINDS = ['offline', 'nominatim', 'google'] as const;
export type GeocoderKind = (typeof GEOCODER_KINDS)[number];

export interface GeocoderConfig {
  kind: GeocoderKind;
  /** Base address of the provider; unset: the provider's public service. */
  url: string | undefined;
  googleMapsKey: string | undefined;
  timeoutMs: number;
  /** Sent to Nominatim, whose usage policy asks every client to name itself. */
  userAgent: string;
}

/** A reverse geocoder: decimal degrees → an address, null when it knows none; throws when it fails. */
export interface Geocoder {
  readonly name: GeocoderKind;
  reverse(latitude: number, longitude: number, language: GeocodeLanguage): Promise<string | null>;
}

export class GeocoderError extends Error {}

/** Nearest place from the bundled list: no network, never fails. */
export class OfflineGeocoder implements Geocoder {
  readonly name = 'offline';
  async reverse(latitude: number, longitude: number, language: GeocodeLanguage) {
    return describePosition(latitude, longitude, language);
  }
}

async function getJson(url: URL, timeoutMs: number, headers: Record<string, string> = {}) {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { Accept: 'application/json', ...headers },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new GeocoderError(
      `${url.host} did not answer: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (!response.ok) throw new GeocoderError(`${url.host} answered HTTP ${response.status}`);
  try {
    return (await response.json()) as unknown;
  } catch {
    throw new GeocoderError(`${url.host} answered something other than JSON`);
  }
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : '');

/** OpenStreetMap's Nominatim (or a server of one's own at GEOCODER_URL). */
export class NominatimGeocoder implements Geocoder {
  readonly name = 'nominatim';
  constructor(private readonly config: GeocoderConfig) {}

  async reverse(latitude: number, longitude: number, language: GeocodeLanguage) {
    const url = new URL(
      'reverse',
      withSlash(this.config.url ?? 'https://nominatim.openstreetmap.org'),
    );
    url.search = new URLSearchParams({
      format: 'jsonv2',
      lat: String(latitude),
      lon: String(longitude),
      zoom: '18',
      addressdetails: '1',
      'accept-language': language,
    }).toString();
    const body = (await getJson(url, this.config.timeoutMs, {
      'User-Agent': this.config.userAgent,
    })) as {
      error?: unknown;
      display_name?: unknown;
      address?: Record<string, unknown>;
    };
    if (body.error) return null; // "Unable to geocode": open sea, for one
    const a = body.address ?? {};
    const street = [text(a.road), text(a.house_number)].filter(Boolean).join(' ');
    const place = text(a.city) || text(a.town) || text(a.village) || text(a.municipality);
    const short = [street, [text(a.postcode), place].filter(Boolean).join(' ')]
      .filter(Boolean)
      .join(', ');
    return short || text(body.display_name) || null;
  }
}

/** Google's Geocoding API (spec §7 Other services): latlng and the key, first result's address. */
export class GoogleGeocoder implements Geocoder {
  readonly name = 'google';
  constructor(private readonly config: GeocoderConfig) {}

  async reverse(latitude: number, longitude: number, language: GeocodeLanguage) {
    const url = new URL(
      'json',
      withSlash(this.config.url ?? 'https://maps.googleapis.com/maps/api/geocode'),
    );
    url.search = new URLSearchParams({
      latlng: `${latitude},${longitude}`,
      key: this.config.googleMapsKey ?? '',
      language,
    }).toString();
    const body = (await getJson(url, this.config.timeoutMs)) as {
      status?: unknown;
      results?: { formatted_address?: unknown }[];
      error_message?: unknown;
    };
    if (body.status === 'ZERO_RESULTS') return null;
    if (body.status !== 'OK') {
      // The key never goes into the message: it ends up in the log.
      throw new GeocoderError(`Google answered ${String(body.status)} ${text(body.error_message)}`);
    }
    return text(body.results?.[0]?.formatted_address) || null;
  }
}

const withSlash = (base: string) => (base.endsWith('/') ? base : `${base}/`);

export function createGeocoder(config: GeocoderConfig): Geocoder {
  switch (config.kind) {
    case 'nominatim':
      return new NominatimGeocoder(config);
    case 'google':
      return new GoogleGeocoder(config);
    case 'offline':
      return new OfflineGeocoder();
  }
}
