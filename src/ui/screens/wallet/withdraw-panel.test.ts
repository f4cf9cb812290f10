// The withdraw panel offers the user's saved addresses of the currency (issue 20 item 14):
// the picker sits above the address field on chain tabs. Rendered to static markup with the
// account queries answered.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { WithdrawAddressView, WithdrawInfoView } from '../../../engine/api.ts';
import type { DecStr } from '../../../shared/decimal.ts';

const info: WithdrawInfoView = {
  name: 'USDT',
  available: '500' as DecStr,
  min: '10' as DecStr,
  max: '0' as DecStr,
  dayLimit: '0' as DecStr,
  dayLeft: null,
  rate: '0.5' as DecStr,
  decimals: 8,
  networks: ['erc20', 'trc20'],
};
const saved: WithdrawAddressView[] = [
  {
    id: 3,
    currencyId: 1,
    currency: 'USDT',
    address: '0xabc0000000000000000000000000000000000001',
    notes: 'cold',
  },
];
const asked: string[] = [];

vi.mock('../../kit/use-account-query.ts', () => ({
  useAccountQuery: (kind: string) => {
    asked.push(kind);
    return {
      state: { status: 'ready', data: kind === 'addresses' ? saved : info },
      reload: () => undefined,
    };
  },
}));

const { WithdrawPanel } = await import('./withdraw-panel.tsx');
const { t } = await import('../../i18n/i18n.ts');

describe('withdraw panel', () => {
  it('has a labelled picker of the saved addresses that precedes the address field', () => {
    const html = renderToStaticMarkup(
      createElement(
        MemoryRouter,
        null,
        createElement(WithdrawPanel, { currencyId: 1, currency: 'USDT', onDone: () => undefined }),
      ),
    );
    expect(asked).toContain('addresses');
    expect(html).toContain('data-testid="withdraw-saved-address"');
    expect(html).toContain(`>${t('wallet.withdraw.saved')}</label>`);
    expect(html).toContain(`cold: ${saved[0]?.address}`);
    expect(html.indexOf('withdraw-saved-address')).toBeLessThan(html.indexOf('name="address"'));
  });
});
