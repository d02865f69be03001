import {
  MAX_VIDEO_SECONDS,
  MEDIA_TYPES,
  type Camera,
  type MediaRequestInput,
  type MediaType,
} from '@fleet/contract';
import { Type } from 'typebox';
import { fromDateTimeLocal, toDateTimeLocal, toLocalIso } from '../../lib/fleet-time';
import { schemaIssues } from '../../lib/typebox-resolver';
import { maskOf } from './media';

/** The cameras the form offers (spec §5: the driver camera exists in the mask, not here). */
export const FORM_CAMERAS = ['FRONT', 'REAR', 'LEFT', 'RIGHT'] as const satisfies readonly Camera[];

/** What the 'Create media request' form holds; text as the inputs hold it. */
export type RequestFormValues = {
  mediaType: MediaType | '';
  /** seconds, for a video */
  duration: string;
  /** datetime-local in the fleet's zone */
  moment: string;
  cameras: Camera[];
};

/** A moment this far ahead of the browser's clock still counts as now (the server allows 5 s). */
const FUTURE_SLACK_MS = 2000;

/** The fields each on its own (spec §5): a type, a date and time. The rules between them follow. */
const RequestFormFields = Type.Object({
  mediaType: Type.Enum(['', ...MEDIA_TYPES]),
  duration: Type.String({ pattern: '^\\s*\\d*\\s*$' }),
  moment: Type.String({ minLength: 1 }),
});

export type RequestFormIssue =
  | { field: 'mediaType' | 'duration' | 'moment'; rule: 'required' | 'invalid' }
  | { field: 'duration'; rule: 'durationRange'; limit: number }
  | { field: 'moment'; rule: 'future' }
  | { field: 'cameras'; rule: 'noCamera' };

/** The form's values when it opens: the front camera, now or at `moment`, and the type if given. */
export function defaultRequestForm(
  moment: Date | string = new Date(),
  mediaType: MediaType | '' = '',
): RequestFormValues {
  return { mediaType, duration: '', moment: toDateTimeLocal(moment), cameras: ['FRONT'] };
}

/**
 * What is wrong with the form, at most one issue per field (spec §5): a media type is required;
 * a video needs a whole number of seconds from 1 to MAX_VIDEO_SECONDS; the date and time are
 * required and not in the future; and, beyond the spec, at least one camera, because the server
 * refuses an empty camera mask and a user should hear that before sending.
 */
export function requestFormIssues(values: RequestFormValues, now: number): RequestFormIssue[] {
  const issues: RequestFormIssue[] = [];
  const fieldIssue = (field: 'mediaType' | 'duration' | 'moment') =>
    schemaIssues(RequestFormFields, values).find((i) => i.field === field);

  const typeIssue = fieldIssue('mediaType');
  if (typeIssue || values.mediaType === '')
    issues.push({ field: 'mediaType', rule: values.mediaType === '' ? 'required' : 'invalid' });

  if (values.mediaType === 'VIDEO') {
    const text = values.duration.trim();
    const seconds = Number(text);
    if (text === '') issues.push({ field: 'duration', rule: 'required' });
    else if (fieldIssue('duration') || !Number.isInteger(seconds))
      issues.push({ field: 'duration', rule: 'invalid' });
    else if (seconds < 1 || seconds > MAX_VIDEO_SECONDS)
      issues.push({ field: 'duration', rule: 'durationRange', limit: MAX_VIDEO_SECONDS });
  }

  if (values.moment.trim() === '') issues.push({ field: 'moment', rule: 'required' });
  else {
    const moment = fromDateTimeLocal(values.moment);
    if (!moment) issues.push({ field: 'moment', rule: 'invalid' });
    else if (moment.getTime() > now + FUTURE_SLACK_MS)
      issues.push({ field: 'moment', rule: 'future' });
  }

  if (values.cameras.length === 0) issues.push({ field: 'cameras', rule: 'noCamera' });
  return issues;
}

/** The request the form sends; only for values without issues. */
export function toRequestInput(
  values: RequestFormValues,
  assetId: number | undefined,
  now: Date,
): MediaRequestInput {
  const mediaType = values.mediaType as MediaType;
  return {
    ...(assetId === undefined ? {} : { assetId }),
    mediaType,
    ...(mediaType === 'VIDEO' ? { duration: Number(values.duration.trim()) } : {}),
    cameraMask: maskOf(values.cameras),
    timestamp: toLocalIso(now),
    mediaTimestamp: toLocalIso(fromDateTimeLocal(values.moment)!),
  };
}
