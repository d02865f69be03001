// The exports module's front door (issue 21 §3, docs/exports.md).
import { ExportsService, type ExportSources } from './exports.service.js';

export { exportRoutes } from './exports.routes.js';
export type { ExportsService } from './exports.service.js';
export { EXPORTS_PER_USER } from './exports.service.js';
export { zoneVisitColumns } from './export-tables.js';

export const createExports = (sources: ExportSources) => new ExportsService(sources);
export type { PdfLanguage } from './pdf/pdf-texts.js';
