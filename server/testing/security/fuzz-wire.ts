// The wire side of the route fuzz: a generated request (`FuzzRequest`) as fastify `inject`
// options, with the encodings hostile values need: number literals beyond a double written
// unquoted into JSON, lone surrogates percent-encoded as a browser would, multipart bodies.
import type { InjectOptions } from 'fastify';

export type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: Record<string, unknown> }
  | { kind: 'form'; value: Record<string, unknown> }
  | { kind: 'raw'; contentType: string | null; payload: string | Buffer };

export interface FuzzRequest {
  method: string;
  path: string;
  query: Record<string, unknown>;
  body: Body;
  headers: Record<string, string>;
}

/** A JSON number literal written as is into a raw JSON body (1e309 parses as Infinity). */
export class Literal {
  constructor(readonly text: string) {}
}

/**
 * Node refuses a request head over 16 KB (431) before fastify sees it, so a long value in the
 * query string is cut to what can arrive; bodies carry the full 100 KB.
 */
const URL_VALUE_MAX = 4 * 1024;

export function cutForUrl(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) {
    out[k] = typeof v === 'string' && v.length > URL_VALUE_MAX ? v.slice(0, URL_VALUE_MAX) : v;
  }
  return out;
}

export const BOUNDARY = 'fuzzboundary7MA4YWxkTrZu0gW';

export function multipart(fields: Record<string, unknown>, file: Buffer | null): Buffer {
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n`));
    parts.push(Buffer.from(`${formText(v)}\r\n`));
  }
  if (file !== null) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      file,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

/** The request as fastify's `inject` options. */
export function toInject(r: FuzzRequest): InjectOptions {
  const qs = queryString(r.query);
  const url = qs === '' ? r.path : `${r.path}?${qs}`;
  const method = r.method as NonNullable<InjectOptions['method']>;
  const headers = { ...r.headers };
  switch (r.body.kind) {
    case 'none':
      return { method, url, headers };
    case 'json':
      return {
        method,
        url,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: jsonText(r.body.value),
      };
    case 'form':
      return {
        method,
        url,
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        payload: queryString(r.body.value),
      };
    case 'raw':
      if (r.body.contentType !== null) headers['content-type'] = r.body.contentType;
      return { method, url, headers, payload: r.body.payload };
  }
}

/** Repeated keys for arrays, JSON text for objects, the literal's text for number literals. */
function queryString(fields: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(fields)) {
    const values = Array.isArray(v) ? v : [v];
    for (const one of values) parts.push(`${encode(k)}=${encode(formText(one))}`);
  }
  return parts.join('&');
}

/** Percent-encoding that survives lone surrogates (they go out as U+FFFD, as a browser would). */
export function encode(text: string): string {
  return encodeURIComponent(text.replace(LONE_SURROGATE, '\ufffd'));
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export function formText(v: unknown): string {
  if (v instanceof Literal) return v.text;
  if (typeof v === 'string') return v;
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') return JSON.stringify(v) ?? '';
  return String(v);
}

/** JSON with Literal values written unquoted (numbers beyond a double's range). */
function jsonText(value: unknown): string {
  if (value instanceof Literal) return value.text;
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}:${jsonText(v)}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
