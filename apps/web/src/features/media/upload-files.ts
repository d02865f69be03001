/** One chosen file of the File(s) Upload modal: its name as edited and how far its upload is. */
export type UploadEntry = {
  key: number;
  file: File;
  name: string;
  touched: boolean;
  progress: number;
  state: 'ready' | 'uploading' | 'done' | 'failed';
  error?: string;
};

export type UploadAction =
  | { type: 'add'; files: readonly File[] }
  | { type: 'rename'; key: number; name: string }
  | { type: 'touch'; key: number }
  | { type: 'remove'; key: number }
  | { type: 'start'; key: number }
  | { type: 'progress'; key: number; fraction: number }
  | { type: 'done'; key: number }
  | { type: 'fail'; key: number; error: string };

const change = (entries: UploadEntry[], key: number, update: Partial<UploadEntry>) =>
  entries.map((entry) => (entry.key === key ? { ...entry, ...update } : entry));

/** The list after one step: files chosen, a name typed, a file removed, an upload's progress. */
export function uploadReducer(entries: UploadEntry[], action: UploadAction): UploadEntry[] {
  switch (action.type) {
    case 'add': {
      // Keys only need to differ from the ones in the list.
      const first = Math.max(0, ...entries.map((entry) => entry.key)) + 1;
      const added = action.files.map((file, i): UploadEntry => ({
        key: first + i,
        file,
        name: file.name,
        touched: false,
        progress: 0,
        state: 'ready',
      }));
      return [...entries, ...added];
    }
    case 'rename':
      return change(entries, action.key, { name: action.name });
    case 'touch':
      return change(entries, action.key, { touched: true });
    case 'remove':
      return entries.filter((entry) => entry.key !== action.key);
    case 'start':
      return change(entries, action.key, { state: 'uploading', progress: 0, error: undefined });
    case 'progress':
      return change(entries, action.key, { progress: Math.round(action.fraction * 100) });
    case 'done':
      return change(entries, action.key, { state: 'done', progress: 100 });
    case 'fail':
      return change(entries, action.key, { state: 'failed', error: action.error });
  }
}

/** The files still to send: all but those already uploaded (a failed one is tried again). */
export const pendingOf = (entries: readonly UploadEntry[]) =>
  entries.filter((entry) => entry.state !== 'done');

/** A name is required (spec §5). */
export const nameMissing = (entry: UploadEntry) => entry.name.trim() === '';

/** Whether pressing Upload sends anything: some file to send, and every one of them named. */
export function mayUpload(entries: readonly UploadEntry[]) {
  const pending = pendingOf(entries);
  return pending.length > 0 && !pending.some(nameMissing);
}

/** A file's size as shown beside it: megabytes from 1 MB, else whole kilobytes (at least 1). */
export const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} kB`;
