// Calls between the processes of a cluster (issue 45, ADR 0071), over socket.io's server-side
// events (the PostgreSQL adapter: NOTIFY, no broker of our own). A process asks, every other
// process hears the question, and only the one that can answer it (the owner of its market)
// answers; the asker takes the first answer, or gives up after `timeoutMs`. A question is never
// asked twice: a forwarded order that got no answer may have been placed, and only the user's
// order list can tell (the asker says so), so nothing is ever done twice.
import { randomUUID } from 'node:crypto';
import type { Server } from 'socket.io';

const ASK = 'bourse:ask';
const ANSWER = 'bourse:answer';

interface Question {
  id: string;
  call: string;
  args: unknown;
}

interface Answer {
  id: string;
  value: unknown;
}

/** Answers a question this process can answer (a promise), or null to leave it to another. */
export type Answerer = (call: string, args: unknown) => Promise<unknown> | null;

/** No process answered in time. */
export class Unanswered extends Error {
  constructor(readonly call: string) {
    super(`no process of the cluster answered ${call}`);
    this.name = 'Unanswered';
  }
}

export class ClusterCalls {
  private readonly waiting = new Map<string, (value: unknown) => void>();
  private answerer: Answerer = () => null;

  constructor(
    private readonly io: Server,
    private readonly timeoutMs = 10_000,
  ) {
    io.on(ASK, (q: Question) => this.hear(q));
    io.on(ANSWER, (a: Answer) => {
      const resolve = this.waiting.get(a.id);
      this.waiting.delete(a.id);
      resolve?.(a.value);
    });
  }

  answer(fn: Answerer): void {
    this.answerer = fn;
  }

  /** Asks the other processes; the one that can answers. */
  ask(call: string, args: unknown): Promise<unknown> {
    const id = randomUUID();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new Unanswered(call));
      }, this.timeoutMs);
      this.waiting.set(id, (value) => {
        clearTimeout(timer);
        resolve(value);
      });
      const q: Question = { id, call, args };
      this.io.serverSideEmit(ASK, q);
    });
  }

  private hear(q: Question): void {
    let work: Promise<unknown> | null;
    try {
      work = this.answerer(q.call, q.args);
    } catch {
      work = null;
    }
    if (work === null) return;
    void work.then(
      (value) => this.io.serverSideEmit(ANSWER, { id: q.id, value } satisfies Answer),
      () => undefined,
    );
  }
}
