// JSON text read without throwing: a stored document or a reply that is not JSON reads as the
// caller's fallback (its own "not known"), never as an exception in the middle of a request.

/** `text` parsed, or `fallback` when it is not JSON. */
export function parseJsonOr<F>(text: string, fallback: F): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return fallback;
  }
}
