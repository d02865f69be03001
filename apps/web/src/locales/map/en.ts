/** Texts of the maps (components/map); loaded with the map chunk, not by the sign-in page. */
export const mapEn = {
  baseOnly: 'Detailed map unavailable: showing the built-in base map',
};

export type MapTexts = typeof mapEn;
