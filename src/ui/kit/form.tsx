// The form of the screens' forms (issue 43): the <form> element, its fields (children), the
// form-level message of a refusal and the submit button, so that no screen repeats them.
// - `noValidate`: the fields say what is wrong under themselves, in the reader's language
//   (Field, useForm), not in the browser's bubbles.
// - What was typed stays on an error: the values live in the form's state (useForm), which the
//   form never clears.
// - The message is a role="alert" right above the submit, so it is read and seen beside the
//   button that was pressed; `data-testid="form-error"` is what e2e looks for.
// - The submit is busy while the request is in flight: aria-disabled and aria-busy, never
//   `disabled`, which would drop the keyboard focus (busyProps, ADR 0046); a press while busy is
//   ignored here, so no screen checks it again.
// e2e's `submit()` clicks `form button[type="submit"]`: every form has exactly one.
import type { FormEvent, ReactNode } from 'react';
import { busyProps } from '../components/busy-button.ts';

/** What the form shows of its state: useForm's in-flight flag and form-level message. */
export interface FormState {
  busy: boolean;
  formError: string | null;
}

export interface SubmitButton {
  label: string;
  /** The label while the request is in flight ("Signing in…"); `label` if none. */
  busyLabel?: string | undefined;
  /** Default: a primary button, as wide as the form when it stands alone. */
  className?: string | undefined;
  testId?: string | undefined;
  /** Unusable for a reason that is not a request in flight (no quote yet, balances unknown). */
  disabled?: boolean | undefined;
}

interface KitFormProps {
  /** The form's state (useForm); a form that sends nothing has none: never busy, no message. */
  state?: FormState | undefined;
  /** Validates and sends; not called while busy or disabled. */
  onSubmit: () => void | Promise<void>;
  submit: SubmitButton;
  /** Buttons before the submit, in its row (Back). */
  actions?: ReactNode;
  /** The class of the row of the actions and the submit; without one the submit stands alone. */
  actionsClassName?: string | undefined;
  /** After the submit: links to another page, a dialog the form opens. */
  footer?: ReactNode;
  className?: string | undefined;
  testId?: string | undefined;
  /** The id of the form's visible title, if it has one. */
  labelledBy?: string | undefined;
  /** `data-*` attributes of the form (what a test tells forms apart by). */
  data?: Readonly<Record<`data-${string}`, string | number>> | undefined;
  children: ReactNode;
}

export function KitForm({
  state,
  onSubmit,
  submit,
  actions,
  actionsClassName,
  footer,
  className,
  testId,
  labelledBy,
  data,
  children,
}: KitFormProps) {
  const busy = state?.busy ?? false;
  const send = (e: FormEvent): void => {
    e.preventDefault();
    if (busy || submit.disabled === true) return;
    void onSubmit();
  };
  const button = (
    <SubmitButtonOf
      submit={submit}
      busy={busy}
      block={actionsClassName === undefined && actions === undefined}
    />
  );
  const formError = state?.formError ?? null;
  return (
    <form
      className={className}
      noValidate
      aria-labelledby={labelledBy}
      data-testid={testId}
      {...data}
      onSubmit={send}
    >
      {children}
      {formError !== null && (
        <p className="form-error" role="alert" data-testid="form-error">
          {formError}
        </p>
      )}
      {actionsClassName === undefined ? (
        <>
          {actions}
          {button}
        </>
      ) : (
        <div className={actionsClassName}>
          {actions}
          {button}
        </div>
      )}
      {footer}
    </form>
  );
}

function SubmitButtonOf({
  submit,
  busy,
  block,
}: {
  submit: SubmitButton;
  busy: boolean;
  block: boolean;
}) {
  const fallback = block ? 'btn btn--primary btn--block' : 'btn btn--primary';
  return (
    <button
      type="submit"
      className={submit.className ?? fallback}
      {...busyProps(busy, submit.disabled)}
      data-testid={submit.testId}
    >
      {busy && submit.busyLabel !== undefined ? submit.busyLabel : submit.label}
    </button>
  );
}
