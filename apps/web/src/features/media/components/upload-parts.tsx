import { useRef, useState, type DragEvent } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { cn, fieldClasses } from '@/lib/class-names';
import { nameMissing, sizeText, type UploadEntry } from '../upload-files';

/** The drop zone with its 'choose from computer' link; nothing is taken while files are sent. */
export function UploadDropZone({
  busy,
  onFiles,
}: {
  busy: boolean;
  onFiles: (files: FileList | null) => void;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!busy) onFiles(event.dataTransfer.files);
  };
  return (
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
          onFiles(event.target.files);
          event.target.value = '';
        }}
      />
    </div>
  );
}

/** One chosen file: its name to edit (required), its size, remove, and its progress bar. */
export function UploadFileRow({
  entry,
  inputId,
  busy,
  submitted,
  onRename,
  onTouch,
  onRemove,
}: {
  entry: UploadEntry;
  inputId: string;
  busy: boolean;
  submitted: boolean;
  onRename: (name: string) => void;
  onTouch: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const invalid = nameMissing(entry) && (entry.touched || submitted);
  const shownName = entry.name || entry.file.name;
  return (
    <li data-testid="upload-file">
      <div className="d-flex gap-2 align-items-start">
        <Form.Group controlId={inputId} className="flex-grow-1">
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
            onChange={(event) => onRename(event.target.value)}
            onBlur={onTouch}
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
          onClick={onRemove}
          aria-label={t('media.upload.remove', { name: shownName })}
        >
          ×
        </Button>
      </div>
      <div
        className="progress mt-1"
        style={{ height: 6 }}
        role="progressbar"
        aria-label={t('media.upload.progress', { name: shownName })}
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
      {entry.state === 'failed' && <div className="small text-danger mt-1">{entry.error}</div>}
      {entry.state === 'done' && (
        <div className="small text-success mt-1">{t('media.upload.done')}</div>
      )}
    </li>
  );
}
