import type { MapTexts } from './en';

export const mapNl: MapTexts = {
  baseOnly: 'Gedetailleerde kaart niet beschikbaar: de ingebouwde basiskaart wordt getoond',
};
