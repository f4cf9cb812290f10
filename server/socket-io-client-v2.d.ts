// socket.io-client 2.x (installed as the dev dependency alias `socket.io-client-v2`) ships no
// types; this is the part of its API the legacy-client contract test uses
// (server/legacy-client.test.ts). The product never imports it.
declare module 'socket.io-client-v2' {
  export interface LegacySocket {
    readonly connected: boolean;
    on(event: string, listener: (...args: never[]) => void): LegacySocket;
    emit(event: string, ...args: unknown[]): LegacySocket;
    close(): LegacySocket;
  }
  export interface LegacyOptions {
    path?: string;
    transports?: string[];
    forceNew?: boolean;
    reconnection?: boolean;
    query?: Record<string, string>;
  }
  export default function io(uri: string, options?: LegacyOptions): LegacySocket;
}
