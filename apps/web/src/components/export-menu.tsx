import type { ExportFormat, PdfLanguage } from '@fleet/contract';
import { useState } from 'react';
import { Dropdown, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/api-client';
import type { DownloadProgress } from '@/lib/download';
import { notify } from './notifications';

/** Bytes as the menu shows them while a file arrives: B, kB, MB. */
export function bytesText(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${Math.round(bytes / 100) / 10} kB`;
  return `${Math.round(bytes / 100_000) / 10} MB`;
}

/** The language a PDF is written in: the portal's (Dutch or English). */
export const pdfLanguage = (i18n: { resolvedLanguage?: string }): PdfLanguage =>
  i18n.resolvedLanguage?.startsWith('nl') ? 'nl' : 'en';

/** What a screen may offer: the table formats, and a printable PDF (driving style, a trip). */
export type MenuFormat = ExportFormat | 'pdf';

/**
 * Export ▾ CSV / Excel / PDF (issue 21 §3): the one export menu of the list and report screens.
 * `onExport` downloads what the screen shows in the format chosen (see lib/download.ts); while
 * it runs the button shows the bytes received, and a failure shows as a toast.
 */
export function ExportMenu<F extends MenuFormat = ExportFormat>({
  onExport,
  formats = ['csv', 'xlsx'] as F[],
  label,
  disabled = false,
  testId = 'export-menu',
}: {
  onExport: (format: F, onProgress: DownloadProgress) => Promise<unknown>;
  /** the formats offered, in this order; CSV and Excel by default */
  formats?: F[];
  /** the button's words; 'Export' by default */
  label?: string;
  disabled?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [received, setReceived] = useState<number | null>(null);
  const busy = received !== null;

  const start = async (format: F) => {
    setReceived(0);
    try {
      await onExport(format, (bytes) => setReceived(bytes));
    } catch (error) {
      notify(t('exportMenu.failed', { message: errorText(error) }), { type: 'danger' });
    } finally {
      setReceived(null);
    }
  };

  return (
    <Dropdown align="end" data-testid={testId}>
      <Dropdown.Toggle variant="outline-secondary" size="sm" disabled={disabled || busy}>
        {busy ? (
          <>
            <Spinner animation="border" size="sm" className="me-2" aria-hidden />
            <span role="status">
              {received > 0
                ? t('exportMenu.receiving', { size: bytesText(received) })
                : t('exportMenu.preparing')}
            </span>
          </>
        ) : (
          (label ?? t('exportMenu.export'))
        )}
      </Dropdown.Toggle>
      <Dropdown.Menu>
        {formats.map((format) => (
          <Dropdown.Item key={format} as="button" onClick={() => void start(format)}>
            {t(`exportMenu.${format}`)}
          </Dropdown.Item>
        ))}
      </Dropdown.Menu>
    </Dropdown>
  );
}
