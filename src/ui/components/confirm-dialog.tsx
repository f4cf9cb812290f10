// A modal confirmation (spec §5: cancel requires a confirm dialog with a reminder title and
// sure / cancel buttons). Native <dialog>: focus is trapped and Escape closes it.
import { useId } from 'react';
import { useModal } from './use-modal.ts';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  cancelLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** Test id of the dialog (default `confirm-dialog`). */
  testId?: string;
}

export function ConfirmDialog(p: ConfirmDialogProps) {
  const ref = useModal(p.open);
  const titleId = useId();
  const bodyId = useId();

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onClose={p.onClose}
      data-testid={p.testId ?? 'confirm-dialog'}
    >
      <h2 id={titleId} className="dialog__title">
        {p.title}
      </h2>
      <p id={bodyId} className="dialog__body">
        {p.body}
      </p>
      <div className="dialog__actions">
        <button type="button" className="btn btn--ghost btn--sm" onClick={p.onClose}>
          {p.cancelLabel}
        </button>
        <button
          type="button"
          className="btn btn--primary btn--sm"
          // not `disabled`: a disabled button loses focus, which would fall out of the dialog
          aria-disabled={p.busy === true}
          onClick={() => {
            if (p.busy !== true) p.onConfirm();
          }}
          data-testid="confirm-sure"
        >
          {p.confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
