import fc from 'fast-check';
import { gzipSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import type { NewEvent } from '../events.ts';
import { APP_VERSION } from '../../shared/version.ts';
import { maskAccount } from '../projections/mask.ts';
import { foldEngine, initialEngineState } from '../store.ts';
import type { EngineState } from '../store.ts';
import {
  anyBookEventArb,
  marketEventArb,
  sessionEventArb,
  watchBookEvent,
  withSeq,
} from '../testing/arbitraries.ts';
import { decodeState, encodeState, PROJECTIONS, projectionValue } from './codec.ts';
import { maskForExport } from './export-mask.ts';
import { LOG_FORMAT_VERSION, ReplayFileError } from './format.ts';
import { canonicalJson, hashState } from './hash.ts';
import { loadReplay } from './replay-session.ts';
import { exportEvents } from './writer.ts';

const eventArb: fc.Arbitrary<NewEvent> = fc.oneof(marketEventArb, sessionEventArb, anyBookEventArb);
const T = 1_700_000_000_000;

const foldAll = (state: EngineState, events: readonly NewEvent[], from = 1): EngineState =>
  withSeq(events).reduce((s, e) => foldEngine(s, { ...e, seq: e.seq + from - 1 }), state);

const maskedValues = (state: EngineState): string[] =>
  PROJECTIONS.map((name) => canonicalJson(maskForExport(projectionValue(state, name))));
const values = (state: EngineState): string[] =>
  PROJECTIONS.map((name) => canonicalJson(projectionValue(state, name)));

/** A file of `events` (seq from 1) after `cut` of them folded into its start state. */
async function fileOf(events: readonly NewEvent[], cut: number): Promise<Uint8Array> {
  const logged = withSeq(events);
  const head = logged.slice(0, cut);
  const start = head.reduce(foldEngine, initialEngineState);
  const end = logged.reduce(foldEngine, initialEngineState);
  return exportEvents(
    { seq: cut, at: head[head.length - 1]?.at ?? T, state: start },
    logged.slice(cut),
    end,
    T,
  );
}

async function failure(bytes: Uint8Array): Promise<ReplayFileError> {
  try {
    await loadReplay(bytes);
  } catch (error) {
    if (error instanceof ReplayFileError) return error;
    throw error;
  }
  throw new Error('the file loaded');
}

const lines = (...values: unknown[]): Uint8Array =>
  new TextEncoder().encode(values.map((v) => `${JSON.stringify(v)}\n`).join(''));

describe('checkpoints (CONVENTIONS 4)', () => {
  it('restoring an encoded checkpoint and folding the tail equals folding everything', () => {
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 60 }), fc.nat(), (events, c) => {
        const cut = c % (events.length + 1);
        const whole = foldAll(initialEngineState, events);
        const head = foldAll(initialEngineState, events.slice(0, cut));
        const restored = decodeState(JSON.parse(JSON.stringify(encodeState(head))));
        const tail = foldAll(restored, events.slice(cut), cut + 1);
        expect(values(tail)).toEqual(values(whole));
      }),
      { numRuns: 200 },
    );
  });
});

describe('export masking', () => {
  it('maskAccount is idempotent', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.emailAddress(), fc.string(), fc.stringMatching(/^\d{1,15}$/)),
        (a) => {
          expect(maskAccount(maskAccount(a))).toBe(maskAccount(a));
        },
      ),
    );
  });

  it('removes secrets and masks personal identifiers at any depth', () => {
    const body = {
      token: 'abc',
      fields: { password: 'p', code: '123456', account: 'alice@example.com', amount: '1' },
      rows: [
        { bank_account: '6222020202020202', alipay_account: '13812345678', wechat: 'wx_alice' },
      ],
      phone: '13812345678',
      email: '',
    };
    expect(maskForExport(body)).toEqual({
      fields: { account: 'al***@example.com', amount: '1' },
      rows: [{ bank_account: '622****0202', alipay_account: '138****5678', wechat: 'wx_****lice' }],
      phone: '138****5678',
      email: '',
    });
  });

  it('maskCommutesWithFold: replaying a masked file gives the masked live state, event by event', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(eventArb, { maxLength: 50 }), fc.nat(), async (events, c) => {
        const cut = c % (events.length + 1);
        const session = await loadReplay(await fileOf(events, cut), { blockBytes: 600 });
        expect(session.count).toBe(events.length - cut);
        expect(session.mismatches).toEqual([]);
        let live = foldAll(initialEngineState, events.slice(0, cut));
        expect(values(session.stateAfter(-1))).toEqual(maskedValues(live));
        for (let i = 0; i < session.count; i += 1) {
          live = foldEngine(live, { ...events[cut + i], seq: cut + i + 1 } as never);
          expect(values(session.stateAfter(i))).toEqual(maskedValues(live));
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe('app version', () => {
  it('is the version of package.json (exported files record it)', async () => {
    const { readFile } = await import('node:fs/promises');
    const pkg = JSON.parse(await readFile('package.json', 'utf8')) as { version: string };
    expect(APP_VERSION).toBe(pkg.version);
  });
});

describe('replay session', () => {
  it('seeks backwards and forwards across blocks to the same states', async () => {
    const events = fc.sample(eventArb, { numRuns: 300, seed: 7 });
    const session = await loadReplay(await fileOf(events, 20), { blockBytes: 1500 });
    const reference = Array.from({ length: session.count }, (_, i) =>
      values(session.stateAfter(i)),
    );
    for (const i of [250, 3, 279, 0, 17, 16, 15, 200, 199, 201]) {
      expect(values(session.stateAfter(i))).toEqual(reference[i]);
    }
    expect(session.event(5).seq).toBe(26);
    expect(session.indexOfSeq(26)).toBe(5);
    expect(session.indexOfSeq(1)).toBe(-1);
    expect(session.indexOfSeq(1e9)).toBe(session.count - 1);
    const id = session.names.indexOf('book.delta');
    const hits = session.filter(new Set([id]));
    for (const i of hits) expect(session.event(i).name).toBe('book.delta');
    expect(hits.length).toBe(events.slice(20).filter((e) => e.name === 'book.delta').length);
  });

  it('gives the same hashes for the same file, every time', async () => {
    const events = fc.sample(eventArb, { numRuns: 120, seed: 3 });
    const bytes = await fileOf(events, 0);
    const a = await loadReplay(bytes);
    const b = await loadReplay(bytes.slice());
    expect(a.finalHashes).toEqual(b.finalHashes);
    expect(a.finalHashes).toEqual(a.header.hashes);
    expect(await hashState(a.stateAfter(a.count - 1))).toEqual(a.finalHashes);
  });

  it('reads gzip without the platform decompressor too (fflate)', async () => {
    const bytes = await fileOf(fc.sample(eventArb, { numRuns: 200, seed: 5 }), 0);
    const native = await loadReplay(bytes);
    vi.stubGlobal('DecompressionStream', undefined);
    try {
      const fallback = await loadReplay(bytes, { blockBytes: 2000 });
      expect(fallback.finalHashes).toEqual(native.finalHashes);
      expect(fallback.mismatches).toEqual([]);
      expect((await failure(bytes.subarray(0, bytes.length >> 1))).code).toBe('truncated');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('reads plain NDJSON as well as gzip', async () => {
    const gz = await fileOf(fc.sample(eventArb, { numRuns: 10, seed: 1 }), 0);
    const { gunzipSync } = await import('fflate');
    const plain = await loadReplay(gunzipSync(gz));
    expect(plain.mismatches).toEqual([]);
    expect(plain.count).toBe(10);
  });
});

describe('bad files give a clear error', () => {
  const good = async (): Promise<Uint8Array> =>
    fileOf(fc.sample(eventArb, { numRuns: 400, seed: 11 }), 0);

  it('empty, not a log, corrupt', async () => {
    expect((await failure(new Uint8Array(0))).code).toBe('empty');
    expect((await failure(new TextEncoder().encode('hello'))).code).toBe('not-a-log');
    expect((await failure(lines({ hello: 1 }))).code).toBe('not-a-log');
    expect((await failure(gzipSync(new TextEncoder().encode('{"a":\n')))).code).toBe('not-a-log');
    const bytes = await good();
    const damaged = bytes.slice();
    for (let i = 40; i < damaged.length - 20; i += 97) damaged[i] = (damaged[i] ?? 0) ^ 0x5a;
    expect(['corrupt', 'bad-event', 'truncated', 'not-a-log']).toContain(
      (await failure(damaged)).code,
    );
  });

  it('truncated anywhere', async () => {
    const bytes = await good();
    for (const cut of [0.2, 0.5, 0.9, 0.999].map((f) => Math.floor(bytes.length * f))) {
      expect((await failure(bytes.subarray(0, cut))).code).toBe('truncated');
    }
  });

  it('a newer format version', async () => {
    const bytes = await good();
    const { gunzipSync } = await import('fflate');
    const text = new TextDecoder().decode(gunzipSync(bytes));
    const next = LOG_FORMAT_VERSION + 1;
    const newer = text.replace(`"version":${LOG_FORMAT_VERSION}`, `"version":${next}`);
    const error = await failure(new TextEncoder().encode(newer));
    expect(error.code).toBe('newer-version');
    expect(error.params).toEqual({ version: next, supported: LOG_FORMAT_VERSION });
  });

  it('a malformed event line names its line', async () => {
    const { gunzipSync } = await import('fflate');
    const text = new TextDecoder().decode(gunzipSync(await good())).split('\n');
    text[3] = '{"seq": "x"}';
    const error = await failure(new TextEncoder().encode(text.join('\n')));
    expect(error.code).toBe('bad-event');
    expect(error.params.line).toBe(4);
  });

  it('an event whose body is not what its name says (events.ts) names its line and why', async () => {
    const header = JSON.parse(
      new TextDecoder().decode((await import('fflate')).gunzipSync(await good())).split('\n')[0] ??
        '',
    ) as { events: number };
    const watch = withSeq([watchBookEvent])[0];
    const broken = {
      seq: 1,
      at: T,
      kind: 'push',
      name: 'book.snapshot',
      body: { symbol: 'BTC/USDT', seq: 1, bids: 5, asks: [] },
    };
    const events = [
      { ...watch, seq: 1 },
      { ...broken, seq: 2 },
    ];
    const error = await failure(lines({ ...header, events: events.length }, ...events));
    expect(error.code).toBe('bad-event');
    expect(error.params).toMatchObject({ line: 3 });
    expect(String(error.params.reason)).toMatch(/^book\.snapshot: bids: /);
    const sloppy = { ...broken, body: { ...broken.body, bids: [['100.50', '1']] } };
    const again = await failure(lines({ ...header, events: 2 }, events[0], { ...sloppy, seq: 2 }));
    expect(again.code).toBe('bad-event');
  });
});
