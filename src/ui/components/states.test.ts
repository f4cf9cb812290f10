// Error states offer "Retry" only where asking again can help (issue 20 item 14): after a
// network failure, not after an answer of the server. Rendered to static markup.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { failureMessage, retryHelps } from '../i18n/result-message.ts';
import { t } from '../i18n/i18n.ts';
import { ListState } from '../kit/list-state.tsx';
import { ErrorState } from './states.tsx';

const retry = `>${t('common.retry')}<`;
const reload = () => undefined;

describe('retry only where it can help', () => {
  it('classifies failures: network, busy and unknown outcomes can be retried; answers cannot', () => {
    expect(retryHelps({ ok: false, code: 'network', message: 'HTTP 502' })).toBe(true);
    expect(retryHelps({ ok: false, code: 'busy' })).toBe(true);
    expect(retryHelps({ ok: false, code: 'unknown', message: '' })).toBe(true);
    expect(retryHelps({ ok: false, code: 'server', type: 'error', message: 'no permission' })).toBe(
      false,
    );
    expect(retryHelps({ ok: false, code: 'server', type: '998', message: 'verify' })).toBe(false);
    expect(retryHelps({ ok: false, code: 'replay' })).toBe(false);
    // a defect in the engine fails the same way again
    expect(retryHelps({ ok: false, code: 'internal', message: 'TypeError: x' })).toBe(false);
  });

  it('an engine defect reads as one, never as a network error (issue 22)', () => {
    const internal = failureMessage({ ok: false, code: 'internal', message: 'TypeError: x' });
    expect(internal).toBe(t('common.internalError'));
    expect(internal).not.toBe(t('common.networkError'));
    // thrown after the request went out: what it did is unknown, and the user is told so
    expect(
      failureMessage({ ok: false, code: 'unknown', message: 'TypeError: x', internal: true }),
    ).toBe(t('common.internalUnknown'));
    expect(failureMessage({ ok: false, code: 'unknown', message: 'timeout' })).toBe(
      t('common.outcomeUnknown'),
    );
  });

  it('ErrorState shows Retry unless the failure is not retryable', () => {
    const html = (retryable?: boolean) =>
      renderToStaticMarkup(
        createElement(ErrorState, {
          text: 'x',
          onRetry: reload,
          ...(retryable === undefined ? {} : { retryable }),
        }),
      );
    expect(html()).toContain(retry);
    expect(html(true)).toContain(retry);
    expect(html(false)).not.toContain(retry);
    expect(html(false)).toContain('role="alert"');
  });

  it('every list (ListState) follows the failure kind', () => {
    const html = (retryable: boolean) =>
      renderToStaticMarkup(
        createElement(ListState, {
          list: {
            rows: [],
            status: 'error',
            message: 'not allowed',
            retryable,
            offline: false,
            reload,
          },
          children: null,
        }),
      );
    expect(html(false)).toContain('not allowed');
    expect(html(false)).not.toContain(retry);
    expect(html(true)).toContain(retry);
  });
});
