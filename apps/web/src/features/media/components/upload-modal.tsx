import { useId } from 'react';
import { Alert, Button, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/fleet-time';
import { UploadDropZone, UploadFileRow } from './upload-parts';
import { useUpload } from './use-upload';

/**
 * Spec §2 'File(s) Upload': the chosen files, each with a name to edit (required, spec §5), a
 * drop zone or 'choose from computer', Cancel and 'Upload file(s)', and a progress bar per file.
 * The files go one after the other to POST media/ for the device and moment of the event.
 */
export function UploadModal(props: {
  identifier: string;
  timestamp: string;
  onHide: () => void;
  onUploaded: (count: number) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const upload = useUpload(props);
  const { entries, busy, submitted, allDone } = upload;

  return (
    <Modal
      show
      onHide={upload.cancel}
      size="lg"
      backdrop={busy ? 'static' : true}
      aria-labelledby={`${id}-title`}
    >
      <Modal.Header closeButton closeLabel={t('media.upload.close')}>
        <Modal.Title as="h2" className="fs-5" id={`${id}-title`}>
          {t('media.upload.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="small text-body-secondary">
          {t('media.upload.for', {
            time: formatDateTime(props.timestamp),
            identifier: props.identifier,
          })}
        </p>
        <UploadDropZone busy={busy} onFiles={upload.add} />
        {entries.length === 0 ? (
          <p className="text-body-secondary mb-0">{t('media.upload.noFiles')}</p>
        ) : (
          <>
            <div className="small text-body-secondary mb-1">{t('media.upload.names')}</div>
            <ul className="list-unstyled mb-0 d-flex flex-column gap-3" data-testid="upload-files">
              {entries.map((entry) => (
                <UploadFileRow
                  key={entry.key}
                  entry={entry}
                  inputId={`${id}-${entry.key}`}
                  busy={busy}
                  submitted={submitted}
                  onRename={(name) => upload.rename(entry.key, name)}
                  onTouch={() => upload.touch(entry.key)}
                  onRemove={() => upload.remove(entry.key)}
                />
              ))}
            </ul>
          </>
        )}
        {submitted && entries.length === 0 && (
          <Alert variant="warning" className="mt-3 mb-0">
            {t('media.upload.chooseFirst')}
          </Alert>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={upload.cancel}>
          {allDone ? t('media.upload.close') : t('media.upload.cancel')}
        </Button>
        <Button onClick={() => void upload.upload()} disabled={busy || allDone}>
          {t('media.upload.submit')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
