/** The three API bases of spec §7, served by one process. */
export const API_BASE = { main: '/api', admin: '/admin-api', sync: '/sync-api' } as const;

/** The versioned JSON content type every call carries (spec §7). */
export const API_CONTENT_TYPE = 'application/vnd.fleetwise.v1+json';
