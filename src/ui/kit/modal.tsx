// The house modal (issue 43): every dialog of the app that is not a sliding panel (the phone's
// sheet and the header's drawer are) is this one native <dialog>. `useModal` opens it with
// showModal, so focus stays inside and Escape closes it, and gives the focus back to the opener
// when it closes (ADR 0037). Its content, title included, exists only while it is open: a closed
// dialog holds no second copy of a test id or a field, and its live figures are not kept up.
// `DialogFooter` is the cancel + submit pair of the dialogs that are forms; its submit stays
// focusable while busy (ADR 0046).
import { useEffect, useId, type ReactNode, type RefObject } from 'react';
import { busyProps } from '../components/busy-button.ts';
import { CloseButton } from '../components/close-button.tsx';
import { useModal } from '../components/use-modal.ts';
import { useI18n } from '../i18n/i18n-context.tsx';

/** The width: the confirm's 400 px by default, a form's 440 px, 640 px for a long text. */
export type ModalSize = 'form' | 'wide';

export interface ModalProps {
  open: boolean;
  title: string;
  /** Called once per opening when the dialog closes: Escape, the ✕, or `open` turned false. */
  onClose: () => void;
  testId: string;
  size?: ModalSize;
  /** The screen's own classes, after the kit's. */
  className?: string;
  /**
   * The ✕ in the head (default on). Off for a dialog that ends in its own Cancel or Close
   * button: two buttons of the same name would be one too many.
   */
  closeButton?: boolean;
  /** The ✕'s accessible name (default "Close"). */
  closeLabel?: string;
  /** Shown in the head between the title and the ✕ (a state chip). */
  beside?: ReactNode;
  /** The id of the text in the content that describes the dialog. */
  describedBy?: string;
  /** A selector of the control that takes the focus once open (default: the first control). */
  initialFocus?: string | undefined;
  /**
   * The content, title included, is a form: a submit calls this. The browser's own checks are
   * off (`noValidate`): the dialog checks its values itself and says what is wrong in the
   * page's words and language.
   */
  onSubmit?: () => void;
  /** `data-*` attributes of the dialog (what a test finds the dialog by). */
  data?: Readonly<Record<`data-${string}`, string | number>>;
  children: ReactNode;
}

export function Modal(p: ModalProps) {
  const { ref, dialogProps, close } = useModal(p.open, p.onClose);
  const titleId = useId();
  useInitialFocus(ref, p.open, p.initialFocus);
  const content = (
    <>
      <ModalTitle
        id={titleId}
        title={p.title}
        closeButton={p.closeButton !== false}
        closeLabel={p.closeLabel}
        beside={p.beside}
        onCloseClick={close}
      />
      {p.children}
    </>
  );
  return (
    <dialog
      ref={ref}
      className={modalClass(p.size, p.className)}
      aria-labelledby={titleId}
      aria-describedby={p.describedBy}
      {...dialogProps}
      data-testid={p.testId}
      {...p.data}
    >
      {p.open && <ModalContent onSubmit={p.onSubmit}>{content}</ModalContent>}
    </dialog>
  );
}

interface DialogFooterProps {
  cancelLabel: string;
  onCancel: () => void;
  submitLabel: string;
  submitTestId: string;
  /** Without it the button submits the dialog's form; with it, a plain button that calls it. */
  onSubmit?: () => void;
  /**
   * The request is in flight: the button says so and ignores a press, focus stays on it. A
   * button whose action sends no request leaves this and `disabled` out: no busy attributes.
   */
  busy?: boolean;
  /** Unusable for another reason (nothing known to send yet). */
  disabled?: boolean;
}

/** The cancel and submit buttons at the foot of a dialog. */
export function DialogFooter(p: DialogFooterProps) {
  const busy = p.busy === true;
  const press = p.onSubmit;
  return (
    <div className="dialog__actions">
      <button type="button" className="btn btn--ghost btn--sm" onClick={p.onCancel}>
        {p.cancelLabel}
      </button>
      <button
        type={press === undefined ? 'submit' : 'button'}
        className="btn btn--primary btn--sm"
        {...(p.busy === undefined && p.disabled === undefined ? {} : busyProps(busy, p.disabled))}
        onClick={
          press === undefined
            ? undefined
            : () => {
                if (!busy) press();
              }
        }
        data-testid={p.submitTestId}
      >
        {p.submitLabel}
      </button>
    </div>
  );
}

function modalClass(size: ModalSize | undefined, className: string | undefined): string {
  const sized = size === undefined ? 'dialog' : `dialog dialog--${size}`;
  return className === undefined ? sized : `${sized} ${className}`;
}

interface ModalTitleProps {
  id: string;
  title: string;
  closeButton: boolean;
  closeLabel: string | undefined;
  beside: ReactNode;
  onCloseClick: () => void;
}

/** The title; with the ✕, both in a head (which also holds `beside`). */
function ModalTitle(p: ModalTitleProps) {
  const { t } = useI18n();
  const title = (
    <h2 id={p.id} className="dialog__title">
      {p.title}
    </h2>
  );
  if (!p.closeButton) return title;
  return (
    <header className="dialog__head">
      {title}
      {p.beside}
      <CloseButton label={p.closeLabel ?? t('common.close')} onClick={p.onCloseClick} />
    </header>
  );
}

function ModalContent({
  onSubmit,
  children,
}: {
  onSubmit: (() => void) | undefined;
  children: ReactNode;
}) {
  if (onSubmit === undefined) return children;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}

/**
 * Focus on the control `selector` names once the dialog is open, and again when the selector
 * changes while open (the content it names has just appeared). Runs after useModal's showModal
 * (same component, later effect), which has put the focus on the first control.
 */
function useInitialFocus(
  ref: RefObject<HTMLDialogElement | null>,
  open: boolean,
  selector: string | undefined,
): void {
  useEffect(() => {
    if (open && selector !== undefined) ref.current?.querySelector<HTMLElement>(selector)?.focus();
  }, [ref, open, selector]);
}
