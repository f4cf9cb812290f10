// Where the auth token survives reloads: its own small Dexie database (`bourse-session`),
// apart from the event log, so the log never holds a secret and each degrades on its own.
// Without IndexedDB the token lives in memory only (the user logs in again after a reload).
// A newer schema opened in another tab closes this database (never blocking that tab's
// upgrade): the token stays in memory and `onNewerVersion` tells the engine.
import Dexie from 'dexie';
import type { Table } from 'dexie';
import type { Services } from '../services.ts';

export const SESSION_DB_NAME = 'bourse-session';
const TOKEN_KEY = 'token';

interface Row {
  key: string;
  value: string;
}

export interface SessionStore {
  loadToken(): Promise<string | null>;
  saveToken(token: string): Promise<void>;
  clearToken(): Promise<void>;
  /**
   * Claims notifications for this tab (issue 25): answers those of `ids` that no tab (of this
   * browser profile) claimed before, and marks them claimed, in one read-write transaction, so
   * two tabs that receive one notification never both show it.
   */
  claim(ids: readonly number[]): Promise<number[]>;
}

/** Claimed notification ids remembered (the newest; an id is claimed within seconds of birth). */
export const CLAIMS_KEPT = 2000;
const CLAIMS_KEY = 'claimed-notifications';

export function createSessionStore(
  services: Pick<Services, 'indexedDb' | 'logger'>,
  dbName = SESSION_DB_NAME,
  onNewerVersion: () => void = () => undefined,
): SessionStore {
  let memory: string | null = null;
  const claimedHere = new Set<number>();
  let table: Promise<Table<Row, string> | null> | null = null;

  const open = (): Promise<Table<Row, string> | null> => {
    table ??= (async () => {
      const deps = services.indexedDb();
      if (deps === null) return null;
      try {
        const db = new Dexie(dbName, { indexedDB: deps.indexedDB, IDBKeyRange: deps.IDBKeyRange });
        db.version(1).stores({ session: 'key' });
        await db.open();
        db.on('versionchange', () => {
          db.close();
          table = Promise.resolve(null);
          services.logger.warn('session store closed: another tab opened a newer schema');
          onNewerVersion();
          return false; // Dexie's own handler would reopen it on the next call
        });
        return db.table<Row, string>('session');
      } catch (error) {
        services.logger.warn('session store unavailable; token kept in memory', error);
        return null;
      }
    })();
    return table;
  };

  const guarded = async (fn: (t: Table<Row, string>) => Promise<unknown>): Promise<void> => {
    const t = await open();
    if (t === null) return;
    try {
      await fn(t);
    } catch (error) {
      services.logger.warn('session store write failed', error);
    }
  };

  return {
    async loadToken() {
      const t = await open();
      if (t === null) return memory;
      try {
        return (await t.get(TOKEN_KEY))?.value ?? null;
      } catch {
        return memory;
      }
    },
    async saveToken(token) {
      memory = token;
      await guarded((t) => t.put({ key: TOKEN_KEY, value: token }));
    },
    async clearToken() {
      memory = null;
      await guarded((t) => t.delete(TOKEN_KEY));
    },
    async claim(ids) {
      const t = await open();
      const fresh = (known: ReadonlySet<number>) => [...new Set(ids)].filter((i) => !known.has(i));
      if (t === null || ids.length === 0) {
        const mine = fresh(claimedHere);
        for (const i of mine) claimedHere.add(i);
        return mine;
      }
      try {
        return await t.db.transaction('rw', t, async () => {
          const row = await t.get(CLAIMS_KEY);
          const known = new Set(parseClaims(row?.value));
          const mine = fresh(known);
          if (mine.length > 0) {
            const all = [...known, ...mine].sort((a, b) => b - a).slice(0, CLAIMS_KEPT);
            await t.put({ key: CLAIMS_KEY, value: JSON.stringify(all) });
          }
          return mine;
        });
      } catch (error) {
        // a failed store must not silence the user's notifications: this tab shows them
        services.logger.warn('notification claim failed; shown here', error);
        return fresh(claimedHere);
      }
    },
  };
}

function parseClaims(text: string | undefined): number[] {
  if (text === undefined) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is number => Number.isSafeInteger(v)) : [];
  } catch {
    return [];
  }
}
