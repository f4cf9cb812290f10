// Projection hashes: SHA-256 of each projection's value written as canonical JSON (object keys
// sorted, no whitespace). JSON.stringify's number and string forms are fixed by the language
// standard and Web Crypto is the same in Node and in browsers, so one state gives the same
// hashes everywhere (issue 5, "Determinism").
import type { EngineState } from '../store.ts';
import { encodeState, PROJECTIONS } from './codec.ts';
import type { ProjectionName } from './codec.ts';

export type ProjectionHashes = Record<ProjectionName, string>;

/** JSON with object keys in code-unit order at every level; `undefined` members are left out. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  let hex = '';
  for (const byte of new Uint8Array(digest)) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

export async function hashValue(value: unknown): Promise<string> {
  return sha256Hex(canonicalJson(value));
}

/** One hash per projection of `state`, after `prepare` (e.g. the export's masking). */
export async function hashState(
  state: EngineState,
  prepare: (name: ProjectionName, value: unknown) => unknown = (_name, value) => value,
): Promise<ProjectionHashes> {
  const out = {} as ProjectionHashes;
  // one document per projection, written once (the book's sides as levels among them)
  const doc = encodeState(state);
  for (const name of PROJECTIONS) {
    out[name] = await hashValue(prepare(name, doc[name]));
  }
  return out;
}

/** The projections whose recorded hash (in `b`) differs from `a` (empty when all agree). */
export function differingHashes(
  a: ProjectionHashes,
  b: Partial<ProjectionHashes>,
): ProjectionName[] {
  // a projection newer than the recording has no recorded hash: nothing to compare it with
  return PROJECTIONS.filter((name) => b[name] !== undefined && a[name] !== b[name]);
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(record).sort()) {
    const v = record[key];
    if (v !== undefined) out[key] = sortKeys(v);
  }
  return out;
}
