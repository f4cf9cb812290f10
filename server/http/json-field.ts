// A request field that carries a JSON document as text (a workspace, notification preferences):
// text that is not a JSON object is refused with the contract's fieldInvalid naming the field.
import { parseJsonOr } from '../../src/shared/json.ts';
import { ApiError } from './api-error.ts';

/** The object in `text`; `error.fieldInvalid` for `field` when it is not a JSON object. */
export function jsonObjectField(text: string, field: string): Record<string, unknown> {
  const value = parseJsonOr(text, null);
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new ApiError('error.fieldInvalid', { field });
  return value as Record<string, unknown>;
}
