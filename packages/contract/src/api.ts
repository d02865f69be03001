/** The three API bases of spec §7, served by one process. */
export const API_BASE = { main: '/api', admin: '/admin-api', sync: '/sync-api' } as const;

/** The versioned JSON content type every call carries (spec §7). */
export const API_CONTENT_TYPE = 'application/vnd.fleetwise.v1+json';

/**
 * Rows per page of every list (spec §9: 10 per page), and of raw data unless asked otherwise.
 * Here, not beside the schemas, so the web's lists take it without loading them.
 */
export const DEFAULT_PAGE_SIZE = 10;
