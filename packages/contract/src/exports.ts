import { Type } from 'typebox';

/** Exports (issue 21 §3, docs/exports.md): the formats a list or report screen exports as. */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const ExportFormatQuery = Type.Object(
  { format: Type.Enum(EXPORT_FORMATS) },
  { additionalProperties: false },
);

export const FleetExportQuery = Type.Object(
  { entities: Type.Optional(Type.Boolean()), format: Type.Enum(EXPORT_FORMATS) },
  { additionalProperties: false },
);

/** The printable PDFs (the driving-style report, a trip): the language of their words. */
export const PDF_LANGUAGES = ['en', 'nl'] as const;
export type PdfLanguage = (typeof PDF_LANGUAGES)[number];
export const PdfExportQuery = Type.Object(
  { language: Type.Optional(Type.Enum(PDF_LANGUAGES, { default: 'en' })) },
  { additionalProperties: false },
);
