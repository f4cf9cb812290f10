// The kit form (issue 43): the refusal's message above the submit, a busy submit that keeps the
// keyboard focus (aria-disabled, never `disabled`: ADR 0046), what was typed kept on an error,
// and no second send while one is in flight. Rendered to static markup.
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { t } from '../i18n/i18n.ts';
import { AmountField } from './amount-field.tsx';
import { Field } from './field.tsx';
import { KitForm, type FormState } from './form.tsx';

const TYPED = 'someone@example.com';
const REFUSAL = 'Wrong account or password.';
const idle: FormState = { busy: false, formError: null };

function html(state: FormState, props: object = {}): string {
  return renderToStaticMarkup(
    createElement(KitForm, {
      state,
      onSubmit: () => undefined,
      submit: { label: 'Sign in', busyLabel: 'Signing in…', testId: 'sign-in' },
      testId: 'login-form',
      children: createElement(Field, {
        name: 'account',
        label: 'Account',
        value: TYPED,
        onValue: () => undefined,
        error: state.formError === null ? undefined : 'Check the account.',
      }),
      ...props,
    }),
  );
}

describe('kit form', () => {
  it('is a form the browser does not validate, with one submit button', () => {
    const out = html(idle);
    expect(out).toMatch(/^<form novalidate="" data-testid="login-form">/i);
    expect(out.match(/type="submit"/g)).toHaveLength(1);
    expect(out).toContain('class="btn btn--primary btn--block"');
    expect(out).not.toContain('role="alert"');
  });

  it('shows the refusal as an alert above the submit, and keeps what was typed', () => {
    const out = html({ busy: false, formError: REFUSAL });
    expect(out).toContain(
      `<p class="form-error" role="alert" data-testid="form-error">${REFUSAL}</p>`,
    );
    expect(out.indexOf(REFUSAL)).toBeLessThan(out.indexOf('type="submit"'));
    expect(out).toContain(`name="account"`);
    expect(out).toContain(`value="${TYPED}"`);
    expect(out).toContain('aria-invalid="true"');
  });

  it('a busy submit says so and stays focusable: aria-disabled and aria-busy, not disabled', () => {
    const out = html({ busy: true, formError: null });
    expect(out).toContain('aria-disabled="true"');
    expect(out).toContain('aria-busy="true"');
    expect(out).not.toMatch(/\sdisabled=""/);
    expect(out).toContain('>Signing in…</button>');
    expect(html(idle)).toContain(
      'aria-disabled="false" aria-busy="false" data-testid="sign-in">Sign in</button>',
    );
  });

  it('a submit unusable for another reason is disabled; actions share its row', () => {
    const out = html(idle, {
      submit: { label: 'Send', disabled: true },
      actions: createElement('button', { type: 'button' }, 'Back'),
      actionsClassName: 'form-actions',
    });
    expect(out).toMatch(
      /<div class="form-actions"><button type="button">Back<\/button><button type="submit" class="btn btn--primary" disabled=""/,
    );
  });

  it('sends nothing while busy or disabled', () => {
    let sent = 0;
    const press = (state: FormState, disabled = false): void => {
      const form = KitForm({
        state,
        onSubmit: () => {
          sent += 1;
        },
        submit: { label: 'Send', disabled },
        children: null,
      }) as ReactElement<{ onSubmit: (e: { preventDefault: () => void }) => void }>;
      form.props.onSubmit({ preventDefault: () => undefined });
    };
    press({ busy: true, formError: null });
    press(idle, true);
    expect(sent).toBe(0);
    press(idle);
    expect(sent).toBe(1);
  });
});

describe('amount field', () => {
  const amount = (available?: string | null): string =>
    renderToStaticMarkup(
      createElement(AmountField, {
        name: 'amount',
        label: 'Amount',
        value: '1.5',
        onValue: () => undefined,
        decimals: 2,
        ...(available === undefined ? {} : { available }),
      }),
    );

  it('is a decimal text input holding what was typed', () => {
    const out = amount();
    expect(out).toContain('inputMode="decimal"');
    expect(out).toContain('value="1.5"');
    expect(out).not.toContain('max-btn');
  });

  it('offers "All" when the available amount is given, disabled while it is not known', () => {
    const all = `>${t('wallet.transfer.all')}</button>`;
    expect(amount('12.345')).toContain(`<button type="button" class="max-btn"${all}`);
    expect(amount(null)).toContain(`<button type="button" class="max-btn" disabled=""${all}`);
  });
});
