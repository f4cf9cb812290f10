// The REST client of the legacy contract (api-contract §2, docs/api-extensions.md):
// form-encoded bodies, `?_timespan=<ms>` on every request, the `lang` header, the raw token
// in `Authorization`. It returns results, never throws: a network failure is `network`, a
// `{type, message}` envelope is unwrapped (codes compared loosely), 999 also calls onExpired
// with the session the request was sent in (so a late 999 of an ended session changes nothing).
import type { Lang } from '../../shared/locales.ts';
import { parseJsonOr } from '../../shared/json.ts';
import type { Services } from '../services.ts';

export type Params = Record<string, string | number | undefined>;

export type RestResult =
  | { ok: true; message: unknown }
  | { ok: false; code: 'server'; type: string; message: string }
  | { ok: false; code: 'network'; message: string };

export type KlineResult =
  { ok: true; json: unknown } | { ok: false; code: 'network'; message: string };

export type BinaryResult =
  | { ok: true; contentType: string; bytes: Uint8Array }
  | { ok: false; code: 'network'; message: string };

/** The session a request is sent in: its token (null: a visitor) and the caller's epoch. */
export interface SentAs {
  token: string | null;
  epoch: number;
}

export interface RestOptions {
  services: Pick<Services, 'fetch' | 'clock' | 'upload'>;
  baseUrl: string;
  lang: () => Lang;
  /** Read when each request is sent. */
  auth: () => SentAs;
  /** Called when a reply says the session has expired (type 999), with what the request was sent as. */
  onExpired: (path: string, sent: SentAs) => void;
}

export interface RestClient {
  get(path: string, query?: Params): Promise<RestResult>;
  post(path: string, body?: Params): Promise<RestResult>;
  /** The kline history call, whose reply is `{code, msg, data}`, not an envelope. */
  kline(path: string, query: Params): Promise<KlineResult>;
  /** A binary resource (the QR code image). */
  binary(path: string, query: Params): Promise<BinaryResult>;
  /** A multipart upload of one file (field `file`), with progress where the platform has it. */
  upload(
    path: string,
    file: Blob,
    name: string,
    onProgress: (sent: number, total: number) => void,
  ): Promise<RestResult>;
  /**
   * How many requests that may change something on the server (POSTs and uploads) were sent
   * so far: a command that threw after this grew cannot say that nothing happened
   * (commands/run-command.ts).
   */
  sends(): number;
}

export const SESSION_EXPIRED = '999';

export function createRestClient(options: RestOptions): RestClient {
  let sends = 0;
  const call = async (
    method: 'GET' | 'POST',
    path: string,
    params: Params,
    sent: SentAs,
  ): Promise<Response | string> => {
    const url = buildUrl(options, path, method === 'GET' ? params : {});
    const headers = requestHeaders(options, sent);
    const init: RequestInit = { method, headers };
    if (method === 'POST') {
      sends += 1;
      headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
      init.body = formBody(params).toString();
    }
    try {
      const response = await options.services.fetch(url, init);
      if (!response.ok) return `HTTP ${response.status}`;
      return response;
    } catch (error) {
      return errorText(error);
    }
  };

  const envelope = async (
    method: 'GET' | 'POST',
    path: string,
    params: Params,
  ): Promise<RestResult> => {
    const sent = options.auth();
    const response = await call(method, path, params, sent);
    if (typeof response === 'string') return { ok: false, code: 'network', message: response };
    const json = await readJson(response);
    if (json === undefined) return { ok: false, code: 'network', message: 'invalid JSON' };
    return expiryChecked(options, path, sent, unwrapEnvelope(json));
  };

  const upload = async (
    path: string,
    file: Blob,
    name: string,
    onProgress: (sent: number, total: number) => void,
  ): Promise<RestResult> => {
    const url = buildUrl(options, path, {});
    const sent = options.auth();
    const headers = requestHeaders(options, sent);
    const form = new FormData();
    form.append('file', file, name);
    sends += 1;
    let json: unknown;
    try {
      if (options.services.upload !== undefined) {
        const reply = await options.services.upload(url, headers, form, onProgress);
        if (reply.status !== 200)
          return { ok: false, code: 'network', message: `HTTP ${reply.status}` };
        json = parseJsonOr(reply.text, undefined);
      } else {
        const response = await options.services.fetch(url, { method: 'POST', headers, body: form });
        if (!response.ok) return { ok: false, code: 'network', message: `HTTP ${response.status}` };
        onProgress(file.size, file.size);
        json = await readJson(response);
      }
    } catch (error) {
      return { ok: false, code: 'network', message: errorText(error) };
    }
    if (json === undefined) return { ok: false, code: 'network', message: 'invalid JSON' };
    return expiryChecked(options, path, sent, unwrapEnvelope(json));
  };

  return {
    upload,
    sends: () => sends,
    get: (path, query = {}) => envelope('GET', path, query),
    post: (path, body = {}) => envelope('POST', path, body),
    async kline(path, query) {
      const response = await call('GET', path, query, options.auth());
      if (typeof response === 'string') return { ok: false, code: 'network', message: response };
      const json = await readJson(response);
      return json === undefined
        ? { ok: false, code: 'network', message: 'invalid JSON' }
        : { ok: true, json };
    },
    async binary(path, query) {
      const response = await call('GET', path, query, options.auth());
      if (typeof response === 'string') return { ok: false, code: 'network', message: response };
      try {
        const bytes = new Uint8Array(await response.arrayBuffer());
        return {
          ok: true,
          contentType: response.headers.get('content-type') ?? 'application/octet-stream',
          bytes,
        };
      } catch (error) {
        return { ok: false, code: 'network', message: errorText(error) };
      }
    },
  };
}

/** `{type, message}` → result. `type` may be a string or a number ("999" == 999). */
export function unwrapEnvelope(json: unknown): RestResult {
  if (typeof json !== 'object' || json === null || !('type' in json)) {
    return { ok: false, code: 'server', type: 'malformed', message: 'reply is not an envelope' };
  }
  const { type } = json as { type: unknown };
  const message = 'message' in json ? (json as { message: unknown }).message : undefined;
  const typeText =
    typeof type === 'string' || typeof type === 'number' ? String(type) : 'malformed';
  if (typeText === 'ok') return { ok: true, message };
  return { ok: false, code: 'server', type: typeText, message: messageText(message) };
}

export function formBody(params: Params): URLSearchParams {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) body.append(key, String(value));
  }
  return body;
}

function requestHeaders(options: RestOptions, sent: SentAs): Record<string, string> {
  const headers: Record<string, string> = { lang: options.lang(), Accept: 'application/json' };
  if (sent.token !== null) headers.Authorization = sent.token;
  return headers;
}

function expiryChecked(
  options: RestOptions,
  path: string,
  sent: SentAs,
  result: RestResult,
): RestResult {
  if (!result.ok && result.code === 'server' && result.type === SESSION_EXPIRED)
    options.onExpired(path, sent);
  return result;
}

function buildUrl(options: RestOptions, path: string, query: Params): string {
  const search = formBody(query);
  search.append('_timespan', String(options.services.clock.now()));
  return `${options.baseUrl}${path}?${search.toString()}`;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}

function messageText(message: unknown): string {
  if (typeof message === 'string') return message;
  if (message === undefined || message === null) return '';
  return typeof message === 'number' ? String(message) : JSON.stringify(message).slice(0, 500);
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
