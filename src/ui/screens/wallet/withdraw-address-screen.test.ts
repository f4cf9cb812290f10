// The address book's add form after the server refused an address (issue 20 item 14): the
// server's message is shown in the form and what the user typed stays. Rendered to static
// markup with the queries answered and the form holding the state a refusal leaves.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { CurrencyView } from '../../../engine/api.ts';

const TYPED = '0x52908400098527886e0f7030069857d2e4169ee7';
const REFUSAL = 'This address is already in your address book for this currency.';

vi.mock('../../kit/use-account-query.ts', () => ({
  useAccountQuery: (kind: string) => ({
    state: {
      status: 'ready',
      data:
        kind === 'currencies'
          ? [{ id: 1, name: 'USDT' } as CurrencyView]
          : [{ id: 5, currencyId: 1, currency: 'USDT', address: TYPED.toUpperCase(), notes: '' }],
    },
    reload: () => undefined,
  }),
}));

vi.mock('../../kit/use-form.ts', () => ({
  useForm: () => ({
    values: { currency: '', address: TYPED, notes: 'cold' },
    setValue: () => undefined,
    errors: {},
    setErrors: () => undefined,
    setError: () => undefined,
    message: () => undefined,
    busy: false,
    formError: REFUSAL,
    run: () => undefined,
  }),
}));

const { default: WithdrawAddressScreen } = await import('./withdraw-address-screen.tsx');

describe('address book add form', () => {
  it("shows the server's refusal in the form and keeps the typed address and label", () => {
    const html = renderToStaticMarkup(
      createElement(MemoryRouter, null, createElement(WithdrawAddressScreen)),
    );
    const form = html.slice(html.indexOf('data-testid="address-form"'));
    expect(form).toContain(`data-testid="form-error">${REFUSAL}</p>`);
    expect(form).toContain(`name="address"`);
    expect(form).toContain(`value="${TYPED}"`);
    expect(form).toContain('value="cold"');
  });
});
