// Links an operator sets for users to open (the pre-sale's website and white paper, ADR 0025):
// an absolute http(s) URL with a host, or a path on this exchange. The server refuses
// anything else when the operator saves it and never answers it; the page checks again
// before it renders a link. Refused: other schemes (javascript:, data:, file:), a
// protocol-relative `//host`, credentials in the URL, backslashes, spaces and control
// characters.

/** The longest link accepted (the operator API takes settings of up to 200 characters). */
export const MAX_LINK_LENGTH = 200;

/** `value` when a page may open it as a link, else null. */
export function safeLink(value: string): string | null {
  if (value === '' || value.length > MAX_LINK_LENGTH || hasUnsafeCharacter(value)) return null;
  if (value.startsWith('/')) return value.startsWith('//') ? null : value;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.hostname === '' || url.username !== '' || url.password !== '') return null;
  return value;
}

/** Spaces, backslashes (browsers read `/\host` as another host) and control characters. */
function hasUnsafeCharacter(value: string): boolean {
  if (/[\s\\]/.test(value)) return true;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
