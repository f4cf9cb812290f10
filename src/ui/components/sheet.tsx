// A bottom sheet for phones (issue 23): the order form, the market list. A native modal
// <dialog> — focus stays inside, Escape and the backdrop close it, and focus goes back to the
// button that opened it. `keep` keeps the content mounted while closed, so a half-typed order
// is still there when the sheet opens again.
import { useId, type ReactNode } from 'react';
import { useI18n } from '../i18n/i18n-context.tsx';
import { CloseButton } from './close-button.tsx';
import { closeOnBackdrop, useModal } from './use-modal.ts';

interface SheetProps {
  open: boolean;
  title: string;
  onClose: () => void;
  keep?: boolean;
  testId?: string;
  children: ReactNode;
}

export function Sheet({ open, title, onClose, keep = false, testId, children }: SheetProps) {
  const { t } = useI18n();
  const { ref, dialogProps, close } = useModal(open, onClose);
  const titleId = useId();
  return (
    <dialog
      ref={ref}
      className="sheet"
      aria-labelledby={titleId}
      {...dialogProps}
      onClick={closeOnBackdrop(close)}
      data-testid={testId}
    >
      <div className="sheet__panel">
        <header className="sheet__head">
          <h2 id={titleId} className="sheet__title">
            {title}
          </h2>
          <CloseButton label={t('common.close')} onClick={close} />
        </header>
        <div className="sheet__body">{open || keep ? children : null}</div>
      </div>
    </dialog>
  );
}
