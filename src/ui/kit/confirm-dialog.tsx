// A modal confirmation (spec §5: cancel requires a confirm dialog with a reminder title and
// sure / cancel buttons): the kit's Modal holding the question and the two buttons. While the
// confirmed request is in flight "sure" stays focusable and ignores a press (ADR 0046).
import { useId } from 'react';
import { DialogFooter, Modal } from './modal.tsx';

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
  const bodyId = useId();
  return (
    <Modal
      open={p.open}
      title={p.title}
      onClose={p.onClose}
      testId={p.testId ?? 'confirm-dialog'}
      closeButton={false}
      describedBy={bodyId}
    >
      <p id={bodyId} className="dialog__body">
        {p.body}
      </p>
      <DialogFooter
        cancelLabel={p.cancelLabel}
        onCancel={p.onClose}
        submitLabel={p.confirmLabel}
        onSubmit={p.onConfirm}
        busy={p.busy === true}
        submitTestId="confirm-sure"
      />
    </Modal>
  );
}
