// A TCP proxy for fault tests: the page talks to the server through it, and the test can
// - cut the page's WebSocket (its socket.io connection) while HTTP keeps working, and refuse
//   new ones until restored;
// - drop, duplicate and delay (so reorder) the socket.io events the server pushes: it reads
//   the server's WebSocket frames (unmasked, uncompressed: socket.io's default) and decides per
//   event frame;
// - hold the reply to a chosen HTTP request for a while (a reply later than the page's timeout).
// Playwright's routeWebSocket does not reach WebSockets opened in a Web Worker, where Bourse's
// engine lives, hence a proxy at the TCP level.
import { connect, createServer, type Server, type Socket } from 'node:net';

export type PushFault = 'deliver' | 'drop' | 'dup' | 'delay';

export interface TcpProxy {
  url: string;
  /** Close every WebSocket through the proxy and refuse new ones until `restore()`. */
  cutSockets: () => void;
  restore: () => void;
  /** WebSocket connections opened through the proxy so far. */
  socketsOpened: () => number;
  /** From now on, each pushed event (by name) goes through `choose`; null: deliver all. */
  setPushFaults: (choose: ((event: string) => PushFault) | null, delayMs?: number) => void;
  /** How many pushed events met each fate so far. */
  pushFates: () => Record<PushFault, number>;
  /** The reply to the next request whose first line matches `pattern` reaches the page `ms` late. */
  delayNextReply: (pattern: RegExp, ms: number) => void;
  close: () => Promise<void>;
}

const UPGRADE = /^GET \/wss\/socket\.io\//;
/** A socket.io event packet (type 4 message, type 2 event), namespace and ack id optional. */
const EVENT = /^42(?:\/[^,]*,)?\d*\["([^"]+)"/;

/** Splits a byte stream of server WebSocket frames into whole frames. */
class FrameReader {
  private buffer = Buffer.alloc(0);

  push(chunk: Buffer): Buffer[] {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    const frames: Buffer[] = [];
    for (;;) {
      const b = this.buffer;
      if (b.length < 2) break;
      const len7 = (b[1] ?? 0) & 0x7f;
      const masked = ((b[1] ?? 0) & 0x80) !== 0;
      let header = 2;
      let length = len7;
      if (len7 === 126) {
        if (b.length < 4) break;
        length = b.readUInt16BE(2);
        header = 4;
      } else if (len7 === 127) {
        if (b.length < 10) break;
        length = Number(b.readBigUInt64BE(2));
        header = 10;
      }
      if (masked) header += 4;
      if (b.length < header + length) break;
      frames.push(b.subarray(0, header + length));
      this.buffer = b.subarray(header + length);
    }
    return frames;
  }
}

/** The event name of a complete unmasked text frame carrying a socket.io event, or null. */
function eventOf(frame: Buffer): string | null {
  const fin = ((frame[0] ?? 0) & 0x80) !== 0;
  const opcode = (frame[0] ?? 0) & 0x0f;
  if (!fin || opcode !== 1) return null;
  const len7 = (frame[1] ?? 0) & 0x7f;
  const header = len7 === 126 ? 4 : len7 === 127 ? 10 : 2;
  const head = frame.subarray(header, header + 80).toString('utf8');
  return EVENT.exec(head)?.[1] ?? null;
}

export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  /** Every connection, both ends: `close` must not wait for the page's keep-alive ones. */
  const all = new Set<Socket>();
  let cut = false;
  let opened = 0;
  let choose: ((event: string) => PushFault) | null = null;
  let delayMs = 800;
  const fates: Record<PushFault, number> = { deliver: 0, drop: 0, dup: 0, delay: 0 };
  let replyDelay: { pattern: RegExp; ms: number } | null = null;

  /** Server → page bytes of a WebSocket: the 101 answer as is, then frame by frame. */
  const socketPipe = (upstream: Socket, client: Socket): void => {
    let head = Buffer.alloc(0);
    let upgraded = false;
    const frames = new FrameReader();
    const write = (b: Buffer) => {
      if (!client.destroyed) client.write(b);
    };
    upstream.on('data', (chunk: Buffer) => {
      let rest = chunk;
      if (!upgraded) {
        head = Buffer.concat([head, chunk]);
        const end = head.indexOf('\r\n\r\n');
        if (end < 0) return;
        write(head.subarray(0, end + 4));
        rest = head.subarray(end + 4);
        upgraded = true;
      }
      for (const frame of frames.push(rest)) {
        const event = eventOf(frame);
        const fate: PushFault = event === null || choose === null ? 'deliver' : choose(event);
        if (event !== null) fates[fate] += 1;
        if (fate === 'drop') continue;
        if (fate === 'delay') {
          setTimeout(() => write(frame), delayMs);
          continue;
        }
        write(frame);
        if (fate === 'dup') write(frame);
      }
    });
  };

  /** Server → page bytes of plain HTTP, held back after a request the test chose. */
  const httpPipe = (upstream: Socket, client: Socket): { request: (first: Buffer) => void } => {
    let holdUntil = 0;
    let queue: Promise<void> = Promise.resolve();
    upstream.on('data', (chunk: Buffer) => {
      const wait = holdUntil - Date.now();
      if (wait <= 0) {
        queue = queue.then(() => void (client.destroyed || client.write(chunk)));
        return;
      }
      queue = queue
        .then(() => new Promise<void>((r) => setTimeout(r, wait)))
        .then(() => void (client.destroyed || client.write(chunk)));
    });
    return {
      request: (data: Buffer) => {
        const line = data.subarray(0, 200).toString('latin1');
        if (replyDelay !== null && replyDelay.pattern.test(line)) {
          holdUntil = Date.now() + replyDelay.ms;
          replyDelay = null;
        }
      },
    };
  };

  const server: Server = createServer((client) => {
    all.add(client);
    client.on('close', () => all.delete(client));
    client.on('error', () => client.destroy());
    client.once('data', (first: Buffer) => {
      const isSocket = UPGRADE.test(first.subarray(0, 64).toString('latin1'));
      if (isSocket && cut) return void client.destroy();
      const upstream = connect(targetPort, '127.0.0.1');
      all.add(upstream);
      const end = () => {
        client.destroy();
        upstream.destroy();
        sockets.delete(client);
        all.delete(upstream);
      };
      client.on('close', end);
      upstream.on('error', end).on('close', end);
      if (isSocket) {
        opened++;
        sockets.add(client);
        socketPipe(upstream, client);
        upstream.write(first);
        client.on('data', (b: Buffer) => upstream.write(b));
      } else {
        const http = httpPipe(upstream, client);
        http.request(first);
        upstream.write(first);
        client.on('data', (b: Buffer) => {
          http.request(b);
          upstream.write(b);
        });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    cutSockets: () => {
      cut = true;
      for (const s of sockets) s.destroy();
      sockets.clear();
    },
    restore: () => {
      cut = false;
    },
    socketsOpened: () => opened,
    setPushFaults: (next, ms = 800) => {
      choose = next;
      delayMs = ms;
    },
    pushFates: () => ({ ...fates }),
    delayNextReply: (pattern, ms) => {
      replyDelay = { pattern, ms };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of all) s.destroy();
      }),
  };
}
