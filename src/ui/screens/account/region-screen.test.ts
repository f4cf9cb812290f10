// The region page after an answer of the server (issue 20 item 14): a permission answer is
// shown without a useless "Retry"; a network failure keeps it. Rendered to static markup.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { PagedState } from '../../kit/use-paged.ts';

const list: { current: Partial<PagedState<unknown>> } = { current: {} };
vi.mock('../../kit/use-account-query.ts', () => ({
  usePagedQuery: () => ({
    rows: [],
    status: 'error',
    message: '',
    retryable: true,
    offline: false,
    hasMore: false,
    more: false,
    total: 0,
    loadMore: () => undefined,
    reload: () => undefined,
    retry: () => undefined,
    ...list.current,
  }),
}));

const { default: RegionScreen } = await import('./region-screen.tsx');
const { t } = await import('../../i18n/i18n.ts');

function render(state: Partial<PagedState<unknown>>): string {
  list.current = state;
  return renderToStaticMarkup(
    createElement(
      MemoryRouter,
      { initialEntries: ['/account/region'] },
      createElement(RegionScreen),
    ),
  );
}

describe('/account/region', () => {
  it('shows a permission answer without Retry', () => {
    const html = render({ message: 'You are not a region agent, no permission', retryable: false });
    expect(html).toContain('You are not a region agent, no permission');
    expect(html).toContain('data-testid="region-notice"');
    expect(html).not.toContain(`>${t('common.retry')}<`);
  });

  it('keeps Retry after a network failure', () => {
    const html = render({ message: 'HTTP 502', retryable: true });
    expect(html).toContain('HTTP 502');
    expect(html).toContain(`>${t('common.retry')}<`);
  });
});
