// One declaration per call of the wire contract (issue 42, ADR 0048): its method and path, who
// may make it (a user, anyone, the operator), where it is written (the legacy contract or docs/api-extensions.md), its request
// fields and its reply's `message`, in wire form (zod, the legacy field names), and the message
// ids it refuses with. The reference server takes its route's path and body schema from it and
// types its reply with it (a reply that drifts from it fails the server's tests); the engine
// parses the reply with the same schema before it maps it to its own types.
import type { z } from 'zod';

export type Auth = 'user' | 'visitor' | 'operator';

export interface Call<
  Req extends z.ZodType = z.ZodType,
  Rep extends z.ZodType = z.ZodType,
  A extends Auth = Auth,
> {
  readonly method: 'GET' | 'POST';
  /** The other method the same call also answers (legacy clients use both; e.g. the news). */
  readonly also?: 'GET' | 'POST';
  readonly path: string;
  /**
   * 'user': a logged-in user (999 without); 'visitor': anyone; 'operator': the operator API's
   * token (`x-admin-token`; `admin.forbidden` without), no user session.
   */
  readonly auth: A;
  /** 'legacy': a call of api-contract.md; 'extension': one of docs/api-extensions.md. */
  readonly origin: 'legacy' | 'extension';
  /** What it does, one sentence. */
  readonly summary: string;
  /** The request's fields (the query of a GET, the form or JSON body of a POST). */
  readonly request: Req;
  /**
   * The reply's `message` when `type` is ok. With `form: 'bare'` the whole body (no envelope);
   * with `form: 'file'` nothing is checked (an image or a document: `z.unknown()`).
   */
  readonly reply: Rep;
  /** 'envelope' (the default): `{type, message}`; 'bare': a JSON body of its own; 'file': bytes. */
  readonly form?: 'envelope' | 'bare' | 'file';
  /** The message ids (server catalogue) of its refusals, besides the envelope's own. */
  readonly errors: readonly string[];
}

/** Declares a call (the identity, typed). */
export const call = <Req extends z.ZodType, Rep extends z.ZodType, A extends Auth>(
  c: Call<Req, Rep, A>,
): Call<Req, Rep, A> => c;

/** The reply's `message` as the server writes it (before the wire schema's transforms). */
export type ReplyOut<C extends Call> = z.input<C['reply']>;

/** The reply's `message` as a reader has it after the schema (the engine's wire form). */
export type ReplyIn<C extends Call> = z.output<C['reply']>;

/** The request's fields as a client sends them (the engine's body, typed). */
export type RequestOut<C extends Call> = z.input<C['request']>;

/** The request's fields after the schema (the server's parsed body). */
export type RequestIn<C extends Call> = z.output<C['request']>;
