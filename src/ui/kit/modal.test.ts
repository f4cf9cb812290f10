// The kit's modal and confirm (issue 43), rendered to static markup: what each dialog of the app
// is built from. Focus and showModal are the browser's (use-modal.ts, e2e/keyboard.spec.ts);
// here the markup: the title naming the dialog, the ✕ and its name, the content only while
// open, the form, and the busy button that keeps the focus (ADR 0046).
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { t } from '../i18n/i18n.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { DialogFooter, Modal, type ModalProps } from './modal.tsx';

const none = (): void => undefined;

function modal(props: Partial<ModalProps>, children: ReactNode = 'Content'): string {
  return renderToStaticMarkup(
    createElement(Modal, {
      open: true,
      title: 'Title',
      onClose: none,
      testId: 'm',
      ...props,
      children,
    }),
  );
}

/** The id an attribute of the first element holding it refers to. */
function idOf(html: string, attribute: string): string {
  return html.match(new RegExp(`${attribute}="([^"]+)"`))?.[1] ?? 'missing';
}

describe('Modal', () => {
  it('is named by its title and has a ✕ called "Close"', () => {
    const html = modal({});
    expect(html).toMatch(/^<dialog class="dialog" aria-labelledby="[^"]+" data-testid="m">/);
    expect(html).toContain(
      `<h2 id="${idOf(html, 'aria-labelledby')}" class="dialog__title">Title</h2>`,
    );
    expect(html).toMatch(
      /<header class="dialog__head"><h2 [^>]+>Title<\/h2><button [^>]*class="icon-btn close-btn"/,
    );
    expect(html).toContain(`aria-label="${t('common.close')}"`);
    expect(html).toContain('</header>Content</dialog>');
  });

  it('holds nothing while closed, so no test id or field is there twice', () => {
    expect(modal({ open: false })).toMatch(/^<dialog [^>]*data-testid="m"><\/dialog>$/);
  });

  it('goes without the ✕ when the dialog ends in its own Close or Cancel', () => {
    const html = modal({ closeButton: false });
    expect(html).not.toContain('<header');
    expect(html).not.toContain('close-btn');
    expect(html).toMatch(/<dialog [^>]+><h2 [^>]+>Title<\/h2>Content<\/dialog>/);
  });

  it('names the ✕ as asked and puts `beside` between the title and the ✕', () => {
    const html = modal({
      closeLabel: 'Shut',
      beside: createElement('span', { className: 'chip' }, 'Paid'),
    });
    expect(html).toMatch(/<\/h2><span class="chip">Paid<\/span><button [^>]*aria-label="Shut"/);
  });

  it('sizes: the kit class, then the screen’s own', () => {
    expect(modal({ size: 'form' })).toContain('class="dialog dialog--form"');
    expect(modal({ size: 'wide', className: 'x y' })).toContain('class="dialog dialog--wide x y"');
    expect(modal({ className: 'x' })).toContain('class="dialog x"');
  });

  it('a form dialog holds its title and content in one form, the browser’s checks off', () => {
    const html = modal({ onSubmit: none, closeButton: false });
    expect(html).toMatch(
      /<dialog [^>]+><form novalidate=""><h2 [^>]+>Title<\/h2>Content<\/form><\/dialog>/i,
    );
  });

  it('carries a description and data attributes', () => {
    const html = modal({ describedBy: 'hint', data: { 'data-deal-id': 7, 'data-sure': 0 } });
    expect(html).toMatch(/aria-describedby="hint" data-testid="m" data-deal-id="7" data-sure="0">/);
  });
});

describe('DialogFooter', () => {
  const footer = (props: Partial<Parameters<typeof DialogFooter>[0]>): string =>
    renderToStaticMarkup(
      createElement(DialogFooter, {
        cancelLabel: 'Cancel',
        onCancel: none,
        submitLabel: 'Send',
        submitTestId: 'send',
        ...props,
      }),
    );

  it('submits its form unless given its own action', () => {
    expect(footer({})).toContain('<button type="submit" class="btn btn--primary btn--sm"');
    expect(footer({ onSubmit: none })).toContain(
      '<button type="button" class="btn btn--primary btn--sm"',
    );
    expect(footer({})).toMatch(
      /^<div class="dialog__actions"><button type="button" class="btn btn--ghost btn--sm">Cancel<\/button>/,
    );
  });

  it('busy: says so and stays focusable; unusable for another reason: disabled', () => {
    expect(footer({ busy: false })).toContain('aria-disabled="false" aria-busy="false"');
    // an action that sends no request has no busy state to tell
    expect(footer({ onSubmit: none })).not.toContain('aria-busy');
    const busy = footer({ busy: true });
    expect(busy).toContain('aria-disabled="true" aria-busy="true" data-testid="send"');
    expect(busy).not.toContain('disabled=""');
    expect(footer({ disabled: true })).toContain(
      'disabled="" aria-disabled="true" aria-busy="false"',
    );
  });
});

describe('ConfirmDialog', () => {
  const confirm = (extra: { busy?: boolean; testId?: string } = {}): string =>
    renderToStaticMarkup(
      createElement(ConfirmDialog, {
        open: true,
        title: 'Cancel the order?',
        body: 'It leaves the book.',
        confirmLabel: 'Sure',
        cancelLabel: 'Back',
        onConfirm: none,
        onClose: none,
        ...extra,
      }),
    );

  it('is named by its title, described by its body, and has no ✕', () => {
    const html = confirm();
    expect(html).toContain('data-testid="confirm-dialog"');
    expect(html).toContain(
      `<p id="${idOf(html, 'aria-describedby')}" class="dialog__body">It leaves the book.</p>`,
    );
    expect(html).toContain(`<h2 id="${idOf(html, 'aria-labelledby')}" class="dialog__title">`);
    expect(html).not.toContain('close-btn');
    expect(html).toMatch(
      />Back<\/button><button type="button" [^>]*data-testid="confirm-sure">Sure</,
    );
  });

  it('keeps "sure" focusable while the request is in flight, and takes another test id', () => {
    expect(confirm({ busy: true })).toContain(
      'aria-disabled="true" aria-busy="true" data-testid="confirm-sure"',
    );
    expect(confirm({ testId: 'session-end-dialog' })).toContain('data-testid="session-end-dialog"');
  });
});
