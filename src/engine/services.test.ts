// The engine's network watch (issue 23): the platform's events and the page's, each change heard
// once, and a worker that started offline hears the page say the network is back.
import { describe, expect, it } from 'vitest';
import { relayedNetwork } from './services.ts';
import type { NetworkWatch } from './services.ts';

function platform(initial: boolean) {
  let online = initial;
  let listener: ((online: boolean) => void) | null = null;
  const watch: NetworkWatch = {
    online: () => online,
    subscribe(fn) {
      listener = fn;
      return () => {
        listener = null;
      };
    },
  };
  return {
    watch,
    /** The platform changes its mind; with `event`, it also says so (a page does, a worker not). */
    change(next: boolean, event: boolean) {
      online = next;
      if (event) listener?.(next);
    },
    subscribed: () => listener !== null,
  };
}

describe('relayedNetwork', () => {
  it('hears the page when the platform gives no events (a worker in Chromium)', () => {
    const p = platform(false);
    const net = relayedNetwork(p.watch);
    const heard: boolean[] = [];
    net.subscribe((o) => heard.push(o));
    expect(net.online()).toBe(false);
    p.change(true, false);
    net.set(true);
    expect(heard).toEqual([true]);
    expect(net.online()).toBe(true);
  });

  it('tells each change once, whichever side saw it first', () => {
    const p = platform(true);
    const net = relayedNetwork(p.watch);
    const heard: boolean[] = [];
    const stop = net.subscribe((o) => heard.push(o));
    p.change(false, true);
    net.set(false);
    net.set(true);
    p.change(true, true);
    net.set(true);
    expect(heard).toEqual([false, true]);
    // the page saying what is already so is no change
    net.set(true);
    expect(heard).toEqual([false, true]);
    stop();
    expect(p.subscribed()).toBe(false);
  });

  it('works without a platform (Node): online until told otherwise', () => {
    const net = relayedNetwork(undefined);
    const heard: boolean[] = [];
    net.subscribe((o) => heard.push(o));
    expect(net.online()).toBe(true);
    net.set(false);
    expect(net.online()).toBe(false);
    expect(heard).toEqual([false]);
  });
});
