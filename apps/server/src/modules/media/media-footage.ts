import type { FootageAction } from '@fleet/contract';

/** Where the footage audit hears of each view, play and download (the safety module's). */
export interface FootageRecorder {
  record(view: {
    mediaId: number;
    userId: number | null;
    action: FootageAction;
    caseId: number | null;
  }): Promise<void>;
}

/** A player asks again for later parts of the same file: only the start counts as a look. */
export const isFirstRead = (rangeHeader: string | undefined) =>
  rangeHeader === undefined || /^bytes=0-/.test(rangeHeader.trim());
