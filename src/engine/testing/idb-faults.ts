// Storage faults injected into fake-indexeddb (tests only), shaped as browsers report them:
// - 'quota-request': each write request of the store fails with QuotaExceededError (Firefox);
//   Dexie's bulkAdd then rejects with a BulkError whose `failures` hold it;
// - 'quota-commit': the writes succeed but the transaction aborts at commit with
//   QuotaExceededError (Chromium); Dexie rejects with an AbortError whose `inner` is it;
// - 'failed': the transaction aborts with an UnknownError (a broken disk, a crashed backend).
// The patches reach into fake-indexeddb's request queue (`_execRequestAsync`, `_start`,
// `_abort`), the same steps the IndexedDB spec names; `install` returns the restore function.
import { IDBObjectStore, IDBTransaction } from 'fake-indexeddb';

export type IdbFault = 'none' | 'quota-request' | 'quota-commit' | 'failed';

interface FakeTransaction {
  _requests: unknown[];
  _state: string;
  _abort(errName: string | null): void;
  _execRequestAsync(request: { operation: () => unknown; source: unknown }): unknown;
  _start(): void;
  /** Set by a faulty write: abort with this error instead of committing. */
  failCommit?: string;
}

interface FakeStore {
  name: string;
  transaction: FakeTransaction;
}

type Write = (this: FakeStore, ...args: unknown[]) => unknown;

export interface IdbFaults {
  /** The fault applied to writes of `store` from now on. */
  set(fault: IdbFault): void;
  /** Writes that met a fault so far. */
  hits(): number;
  restore(): void;
}

export function installIdbFaults(store: string): IdbFaults {
  const storeProto = IDBObjectStore.prototype as unknown as Record<'add' | 'put', Write>;
  const txProto = IDBTransaction.prototype as unknown as { _start(this: FakeTransaction): void };
  const original = { add: storeProto.add, put: storeProto.put, start: txProto._start };
  let fault: IdbFault = 'none';
  let hits = 0;

  const faulty = (write: Write): Write =>
    function (this: FakeStore, ...args: unknown[]) {
      if (fault === 'none' || this.name !== store) return write.apply(this, args);
      hits += 1;
      if (fault === 'quota-request')
        return this.transaction._execRequestAsync({
          source: this,
          operation: () => {
            throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
          },
        });
      this.transaction.failCommit =
        fault === 'quota-commit' ? 'QuotaExceededError' : 'UnknownError';
      return write.apply(this, args);
    };

  storeProto.add = faulty(original.add);
  storeProto.put = faulty(original.put);
  txProto._start = function (this: FakeTransaction) {
    const error = this.failCommit;
    if (error !== undefined && this._requests.length === 0 && this._state !== 'finished') {
      delete this.failCommit;
      this._abort(error);
      return;
    }
    original.start.call(this);
  };

  return {
    set: (next) => void (fault = next),
    hits: () => hits,
    restore() {
      storeProto.add = original.add;
      storeProto.put = original.put;
      txProto._start = original.start;
    },
  };
}
