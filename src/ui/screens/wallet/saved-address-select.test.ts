// The withdraw panel's saved-address picker (issue 20 item 14): a labelled select of the
// currency's saved addresses that fills the address field. Rendered to static markup.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { WithdrawAddressView } from '../../../engine/api.ts';
import { t } from '../../i18n/i18n.ts';
import { SavedAddressSelect, savedAddressId } from './saved-address-select.tsx';

const EVM = '0x52908400098527886E0F7030069857D2E4169EE7';
const saved: WithdrawAddressView[] = [
  { id: 7, currencyId: 1, currency: 'USDT', address: EVM, notes: 'cold' },
  {
    id: 9,
    currencyId: 1,
    currency: 'USDT',
    address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
    notes: '',
  },
];

function render(list: WithdrawAddressView[], address: string): string {
  return renderToStaticMarkup(
    createElement(
      MemoryRouter,
      null,
      createElement(SavedAddressSelect, {
        saved: list,
        currency: 'USDT',
        address,
        onPick: () => undefined,
      }),
    ),
  );
}

describe('saved addresses in the withdraw panel', () => {
  it('is a labelled select listing each saved address, with its label when it has one', () => {
    const html = render(saved, '');
    const id = /<label class="field__label" for="([^"]+)">/.exec(html)?.[1];
    expect(id).toBeDefined();
    expect(html).toContain(`<select id="${id}"`);
    expect(html).toContain(`>${t('wallet.withdraw.saved')}</label>`);
    expect(html).toContain(`<option value="" selected="">${t('wallet.withdraw.savedChoose')}`);
    expect(html).toContain(`<option value="7">cold: ${EVM}</option>`);
    expect(html).toContain('<option value="9">TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7</option>');
    expect(html).toContain('href="/withdraw_address"');
  });

  it('shows the typed address as chosen when it is saved (hex without case)', () => {
    expect(savedAddressId(saved, EVM.toLowerCase())).toBe(7);
    expect(savedAddressId(saved, ' TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7 ')).toBe(9);
    expect(savedAddressId(saved, 'tla2f6vpqdgre67v1736s7bj8ray5wyju7')).toBeNull();
    expect(savedAddressId(saved, '')).toBeNull();
    expect(render(saved, EVM)).toContain('<option value="7" selected="">');
  });

  it('says when there is no saved address and links to the address book', () => {
    const html = render([], '');
    expect(html).toContain(t('wallet.withdraw.savedNone', { currency: 'USDT' }));
    expect(html).toContain('href="/withdraw_address"');
    expect(html).not.toContain('<select');
  });
});
