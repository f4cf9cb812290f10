// How a failed ask reads in a list (use-paged.ts `failureOf`): a network failure is "offline"
// only while the browser knows it has no network; an answer of the server never is, and has no
// retry.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Signal } from '@preact/signals-core';
import type { ConnectionView } from '../../engine/api.ts';
import { connection } from '../engine-bridge/signals.ts';
import { t } from '../i18n/i18n.ts';
import { failureOf } from './use-paged.ts';

const connectionSignal = connection as Signal<ConnectionView>;
const idle = connection.peek();

afterEach(() => {
  vi.unstubAllGlobals();
  connectionSignal.value = idle;
});

describe('failureOf', () => {
  it('a network failure while offline: the offline wording, retryable', () => {
    vi.stubGlobal('navigator', { onLine: false });
    expect(failureOf({ ok: false, code: 'network', message: 'Failed to fetch' })).toEqual({
      message: t('common.offlineError'),
      retryable: true,
      offline: true,
    });
  });

  it('a network failure while online: a network error, not offline', () => {
    vi.stubGlobal('navigator', { onLine: true });
    expect(failureOf({ ok: false, code: 'network', message: 'HTTP 502' })).toEqual({
      message: t('common.networkError'),
      retryable: true,
      offline: false,
    });
  });

  it('a network failure while the socket cannot reach the server either: offline, though the browser says online', () => {
    // a page opened offline: the browser may not say so yet, the socket has found no server
    vi.stubGlobal('navigator', { onLine: true });
    for (const state of ['reconnecting', 'offline'] as const) {
      connectionSignal.value = { ...idle, state };
      expect(failureOf({ ok: false, code: 'network', message: 'Failed to fetch' })).toEqual({
        message: t('common.offlineError'),
        retryable: true,
        offline: true,
      });
    }
  });

  it('an answer of the server, offline or not: its message, no retry', () => {
    vi.stubGlobal('navigator', { onLine: false });
    expect(
      failureOf({ ok: false, code: 'server', type: 'error', message: 'no permission' }),
    ).toEqual({ message: 'no permission', retryable: false, offline: false });
  });
});
