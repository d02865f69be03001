import { describe, expect, it } from 'vitest';
import {
  mayUpload,
  pendingOf,
  sizeText,
  uploadReducer,
  type UploadAction,
  type UploadEntry,
} from './upload-files';

const file = (name: string, size = 10) => new File([new Uint8Array(size)], name);
const a = file('a.jpg');
const b = file('b.mp4');
const entry = (key: number, f: File, change: Partial<UploadEntry> = {}): UploadEntry => ({
  key,
  file: f,
  name: f.name,
  touched: false,
  progress: 0,
  state: 'ready',
  ...change,
});

describe('uploadReducer', () => {
  it.each<[string, UploadEntry[], UploadAction, UploadEntry[]]>([
    ['adds files named as on disk', [], { type: 'add', files: [a, b] }, [entry(1, a), entry(2, b)]],
    [
      'adds after the highest key, so keys stay distinct',
      [entry(4, a)],
      { type: 'add', files: [b] },
      [entry(4, a), entry(5, b)],
    ],
    [
      'renames one file',
      [entry(1, a), entry(2, b)],
      { type: 'rename', key: 2, name: 'clip' },
      [entry(1, a), entry(2, b, { name: 'clip' })],
    ],
    [
      'marks a name touched',
      [entry(1, a)],
      { type: 'touch', key: 1 },
      [entry(1, a, { touched: true })],
    ],
    ['removes one file', [entry(1, a), entry(2, b)], { type: 'remove', key: 1 }, [entry(2, b)]],
    [
      'starts an upload again from nothing, without the last error',
      [entry(1, a, { state: 'failed', progress: 40, error: 'Too large' })],
      { type: 'start', key: 1 },
      [entry(1, a, { state: 'uploading', progress: 0, error: undefined })],
    ],
    [
      'shows progress in whole percent',
      [entry(1, a, { state: 'uploading' })],
      { type: 'progress', key: 1, fraction: 0.456 },
      [entry(1, a, { state: 'uploading', progress: 46 })],
    ],
    [
      'fills the bar when done',
      [entry(1, a, { state: 'uploading', progress: 90 })],
      { type: 'done', key: 1 },
      [entry(1, a, { state: 'done', progress: 100 })],
    ],
    [
      'keeps the error of a failed upload',
      [entry(1, a, { state: 'uploading', progress: 30 })],
      { type: 'fail', key: 1, error: 'Not a picture' },
      [entry(1, a, { state: 'failed', progress: 30, error: 'Not a picture' })],
    ],
    ['ignores an unknown key', [entry(1, a)], { type: 'rename', key: 9, name: 'x' }, [entry(1, a)]],
  ])('%s', (_, before, action, after) => {
    expect(uploadReducer(before, action)).toEqual(after);
  });
});

describe('mayUpload and pendingOf', () => {
  it.each<[string, UploadEntry[], boolean, number[]]>([
    ['nothing chosen', [], false, []],
    ['one named file', [entry(1, a)], true, [1]],
    ['a name left blank', [entry(1, a), entry(2, b, { name: '  ' })], false, [1, 2]],
    [
      'a blank name on a file already sent does not count',
      [entry(1, a, { name: '', state: 'done' }), entry(2, b)],
      true,
      [2],
    ],
    ['all sent', [entry(1, a, { state: 'done' })], false, []],
    ['a failed file is sent again', [entry(1, a, { state: 'failed' })], true, [1]],
  ])('%s', (_, entries, may, pending) => {
    expect(mayUpload(entries)).toBe(may);
    expect(pendingOf(entries).map((e) => e.key)).toEqual(pending);
  });
});

describe('sizeText', () => {
  it.each([
    [0, '1 kB'],
    [300, '1 kB'],
    [1536, '2 kB'],
    [1024 * 1024 - 1, '1024 kB'],
    [1024 * 1024, '1.0 MB'],
    [5.25 * 1024 * 1024, '5.3 MB'],
  ])('%i bytes → %s', (bytes, text) => {
    expect(sizeText(bytes)).toBe(text);
  });
});
