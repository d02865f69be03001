import { useQueryClient } from '@tanstack/react-query';
import { useReducer, useRef, useState } from 'react';
import { errorText } from '@/lib/api-client';
import { mediaListQueries, uploadMedium } from '../api/media';
import { mayUpload, pendingOf, uploadReducer } from '../upload-files';

/**
 * The File(s) Upload modal's state: the chosen files, and sending them one after the other to
 * POST media/ for the device and moment of the event. All uploaded closes the modal; a failure
 * stays in view to be read. Cancel aborts the file on its way.
 */
export function useUpload({
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
  const client = useQueryClient();
  const abort = useRef<AbortController | null>(null);
  const [entries, dispatch] = useReducer(uploadReducer, []);
  const [busy, setBusy] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const pending = pendingOf(entries);

  const upload = async () => {
    setSubmitted(true);
    if (!mayUpload(entries)) return;
    setBusy(true);
    const controller = (abort.current = new AbortController());
    let uploaded = 0;
    let failed = 0;
    for (const entry of pending) {
      dispatch({ type: 'start', key: entry.key });
      try {
        await uploadMedium(
          { identifier, timestamp, file: entry.file, fileName: entry.name.trim() },
          (fraction) => dispatch({ type: 'progress', key: entry.key, fraction }),
          controller.signal,
        );
        uploaded++;
        dispatch({ type: 'done', key: entry.key });
      } catch (error) {
        if (controller.signal.aborted) return;
        failed++;
        dispatch({ type: 'fail', key: entry.key, error: errorText(error) });
      }
    }
    setBusy(false);
    if (uploaded) {
      void client.invalidateQueries(mediaListQueries);
      onUploaded(uploaded);
    }
    if (!failed) onHide();
  };

  return {
    entries,
    busy,
    submitted,
    allDone: entries.length > 0 && pending.length === 0,
    add: (files: FileList | null) => {
      if (files?.length) dispatch({ type: 'add', files: [...files] });
    },
    rename: (key: number, name: string) => dispatch({ type: 'rename', key, name }),
    touch: (key: number) => dispatch({ type: 'touch', key }),
    remove: (key: number) => dispatch({ type: 'remove', key }),
    upload,
    cancel: () => {
      abort.current?.abort();
      onHide();
    },
  };
}
