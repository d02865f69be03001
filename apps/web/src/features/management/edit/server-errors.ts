import { ErrorCode } from '@fleet/contract';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The form field a server refusal is about, so the message can stand at that field. The server
 * names the field first ("name must not be empty", "password must have at least 6 characters");
 * a conflict (409) is about the field that must be unique. Undefined: the form as a whole.
 */
export function fieldOfError(
  code: string | undefined,
  message: string,
  fields: readonly string[],
  uniqueField?: string,
): string | undefined {
  if (code === ErrorCode.CONFLICT && uniqueField && fields.includes(uniqueField))
    return uniqueField;
  if (code !== ErrorCode.VALIDATION_ERROR && code !== ErrorCode.CONFLICT) return undefined;
  // The field that appears first in the message, as a whole word (phone, not phoneNumber).
  let best: { field: string; at: number } | undefined;
  for (const field of fields) {
    const match = new RegExp(`(^|[^\\w])${escape(field)}(?![\\w])`).exec(message);
    if (match && (!best || match.index < best.at)) best = { field, at: match.index };
  }
  return best?.field;
}
