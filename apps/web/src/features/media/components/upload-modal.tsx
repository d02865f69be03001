import { useId, useRef, useState, type DragEvent } from 'react';
import { Alert, Button, Form, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { errorText } from '@/lib/api-client';
import { cn, fieldClasses } from '@/lib/class-names';
import { formatDateTime } from '@/lib/fleet-time';
import { uploadMedium } from '../api/media';

type Entry = {
  key: number;
  file: File;
  name: string;
  touched: boolean;
  progress: number;
  state: 'ready' | 'uploading' | 'done' | 'failed';
  error?: string;
};

let nextKey = 1;

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} kB`;

/**
 * Spec §2 'File(s) Upload': the chosen files, each with a name to edit (required, spec §5), a
 * drop zone or 'choose from computer', Cancel and 'Upload file(s)', and a progress bar per file.
 * The files go one after the other to POST media/ for the device and moment of the event.
 */
export function UploadModal({
  identifier,
  timestamp,
  onHide,
  onUploaded,
}: {
  identifier: string;
  timestamp: string;
  onHide: () => void;
  onUploaded: (count: number) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [entries, setEntries] = useState<Entry[]>([]);
  const [dragging, setDragging] = useState(false);
  const [busy, setBusy] = useState(false);
  const [submitted, setSubmitted] = useState(false);

  const update = (key: number, change: Partial<Entry>) =>
    setEntries((list) => list.map((e) => (e.key === key ? { ...e, ...change } : e)));
  const add = (files: FileList | null) => {
    if (!files?.length) return;
    const added = [...files].map((file) => ({
      key: nextKey++,
      file,
      name: file.name,
      touched: false,
      progress: 0,
      state: 'ready' as const,
    }));
    setEntries((list) => [...list, ...added]);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!busy) add(event.dataTransfer.files);
  };

  const pending = entries.filter((e) => e.state !== 'done');
  const nameMissing = (e: Entry) => e.name.trim() === '';

  const upload = async () => {
    setSubmitted(true);
    if (pending.length === 0 || pending.some(nameMissing)) return;
    setBusy(true);
    abort.current = new AbortController();
    let uploaded = 0;
    let failed = 0;
    for (const entry of pending) {
      update(entry.key, { state: 'uploading', progress: 0, error: undefined });
      try {
        await uploadMedium(
          { identifier, timestamp, file: entry.file, fileName: entry.name.trim() },
          (fraction) => update(entry.key, { progress: Math.round(fraction * 100) }),
          abort.current.signal,
        );
        uploaded++;
        update(entry.key, { state: 'done', progress: 100 });
      } catch (error) {
        if (abort.current.signal.aborted) return;
        failed++;
        update(entry.key, { state: 'failed', error: errorText(error) });
      }
    }
    setBusy(false);
    if (uploaded) {
      void client.invalidateQueries({ queryKey: ['media'] });
      onUploaded(uploaded);
    }
    // All there: the modal has done its work. A failure stays in view to be read.
    if (!failed) onHide();
  };

  const cancel = () => {
    abort.current?.abort();
    onHide();
  };
  const allDone = entries.length > 0 && pending.length === 0;

  return (
    <Modal
      show
      onHide={cancel}
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
          {t('media.upload.for', { time: formatDateTime(timestamp), identifier })}
        </p>
        <div
          className={cn(
            'border border-2 rounded p-4 text-center mb-3',
            dragging ? 'border-primary bg-primary-subtle' : undefined,
          )}
          style={{ borderStyle: 'dashed' }}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={drop}
          data-testid="upload-drop-zone"
        >
          <span>{t('media.upload.dropHere')} </span>
          <Button
            variant="link"
            className="p-0 align-baseline"
            onClick={() => input.current?.click()}
            disabled={busy}
          >
            {t('media.upload.choose')}
          </Button>
          <input
            ref={input}
            type="file"
            multiple
            accept="image/jpeg,video/mp4"
            className="d-none"
            aria-label={t('media.upload.choose')}
            data-testid="upload-input"
            onChange={(event) => {
              add(event.target.files);
              event.target.value = '';
            }}
          />
        </div>
        {entries.length === 0 ? (
          <p className="text-body-secondary mb-0">{t('media.upload.noFiles')}</p>
        ) : (
          <>
            <div className="small text-body-secondary mb-1">{t('media.upload.names')}</div>
            <ul className="list-unstyled mb-0 d-flex flex-column gap-3" data-testid="upload-files">
              {entries.map((entry) => {
                const invalid = nameMissing(entry) && (entry.touched || submitted);
                return (
                  <li key={entry.key} data-testid="upload-file">
                    <div className="d-flex gap-2 align-items-start">
                      <Form.Group controlId={`${id}-${entry.key}`} className="flex-grow-1">
                        <Form.Label visuallyHidden>
                          {t('media.upload.fileName', { name: entry.file.name })}
                        </Form.Label>
                        <Form.Control
                          size="sm"
                          value={entry.name}
                          required
                          maxLength={200}
                          disabled={busy || entry.state === 'done'}
                          className={fieldClasses(
                            invalid,
                            entry.name !== entry.file.name,
                            entry.touched || submitted,
                          )}
                          aria-invalid={invalid}
                          onChange={(event) => update(entry.key, { name: event.target.value })}
                          onBlur={() => update(entry.key, { touched: true })}
                        />
                        <Form.Control.Feedback type="invalid">
                          {t('media.upload.nameRequired')}
                        </Form.Control.Feedback>
                      </Form.Group>
                      <span
                        className="small text-body-secondary text-nowrap text-end pt-1"
                        style={{ width: '4.5rem' }}
                      >
                        {sizeText(entry.file.size)}
                      </span>
                      <Button
                        size="sm"
                        variant="outline-secondary"
                        disabled={busy}
                        onClick={() =>
                          setEntries((list) => list.filter((e) => e.key !== entry.key))
                        }
                        aria-label={t('media.upload.remove', {
                          name: entry.name || entry.file.name,
                        })}
                      >
                        ×
                      </Button>
                    </div>
                    <div
                      className="progress mt-1"
                      style={{ height: 6 }}
                      role="progressbar"
                      aria-label={t('media.upload.progress', {
                        name: entry.name || entry.file.name,
                      })}
                      aria-valuenow={entry.progress}
                      aria-valuemin={0}
                      aria-valuemax={100}
                      data-testid="upload-progress"
                    >
                      <div
                        className={cn(
                          'progress-bar',
                          entry.state === 'failed' && 'bg-danger',
                          entry.state === 'done' && 'bg-success',
                        )}
                        style={{ width: `${entry.progress}%` }}
                      />
                    </div>
                    {entry.state === 'failed' && (
                      <div className="small text-danger mt-1">{entry.error}</div>
                    )}
                    {entry.state === 'done' && (
                      <div className="small text-success mt-1">{t('media.upload.done')}</div>
                    )}
                  </li>
                );
              })}
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
        <Button variant="outline-secondary" onClick={cancel}>
          {allDone ? t('media.upload.close') : t('media.upload.cancel')}
        </Button>
        <Button onClick={() => void upload()} disabled={busy || allDone}>
          {t('media.upload.submit')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
