import { hrefs, type EntityType } from '../../config/paths';

/**
 * Where a trip part's name leads: on an asset's trips each part is a driver (none for the
 * unknown driver, id 0 or below), on a driver's trips each part is an asset.
 */
export const tripPartHref = (type: EntityType, id: number): string | null =>
  type === 'ASSET' ? (id > 0 ? hrefs.driverDetail(id) : null) : hrefs.assetDetail(id);
