import { describe, expect, it } from 'vitest';
import { CHUNK_EVENTS, toChunks } from './chunk-store.ts';

const events = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => ({
    seq: from + i,
    at: i,
    kind: 'system' as const,
    name: 'test.event',
    body: null,
  }));

describe('chunk store', () => {
  it('S1 contiguous: splits a batch into chunks of at most CHUNK_EVENTS, in order', () => {
    const batch = events(10, 2 * CHUNK_EVENTS + 3);
    const chunks = toChunks(batch);
    expect(chunks.map((c) => [c.seq, c.last, c.events.length])).toEqual([
      [10, 10 + CHUNK_EVENTS - 1, CHUNK_EVENTS],
      [10 + CHUNK_EVENTS, 10 + 2 * CHUNK_EVENTS - 1, CHUNK_EVENTS],
      [10 + 2 * CHUNK_EVENTS, 10 + 2 * CHUNK_EVENTS + 2, 3],
    ]);
    expect(chunks.flatMap((c) => c.events)).toEqual(batch);
  });

  it('makes no chunk of an empty batch', () => {
    expect(toChunks([])).toEqual([]);
  });
});
