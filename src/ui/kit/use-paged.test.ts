// How a failed ask reads in a list (use-paged.ts `failureOf`): a network failure is "offline"
// only while the browser knows it has no network; an answer of the server never is, and has no
// retry.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { t } from '../i18n/i18n.ts';
import { failureOf } from './use-paged.ts';

afterEach(() => {
  vi.unstubAllGlobals();
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

  it('an answer of the server, offline or not: its message, no retry', () => {
    vi.stubGlobal('navigator', { onLine: false });
    expect(
      failureOf({ ok: false, code: 'server', type: 'error', message: 'no permission' }),
    ).toEqual({ message: 'no permission', retryable: false, offline: false });
  });
});
