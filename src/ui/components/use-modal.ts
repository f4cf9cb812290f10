// A native modal <dialog> shown while `open` is true: the one open / close / focus code of every
// dialog (the kit's Modal, kit/modal.tsx, and the two sliding panels, the phone's sheet and the
// header's drawer). showModal traps focus and closes on Escape; the owner hears of a close once. Focus goes back to the element
// that had it when the dialog opened (ADR 0037): the browser does so on close when focus is still
// in the dialog; `showModalFrom` also does it when focus fell out of the dialog meanwhile (a
// button that went busy), and when the dialog is unmounted while open (dialogs rendered only
// while open), which the browser does not.
import { useEffect, useRef, type MouseEvent, type RefObject, type SyntheticEvent } from 'react';

export interface ModalHandle {
  ref: RefObject<HTMLDialogElement | null>;
  /** Spread on the <dialog>: they tell the owner that it closes. */
  dialogProps: {
    onCancel: (e: SyntheticEvent<HTMLDialogElement>) => void;
    onClose: (e: SyntheticEvent<HTMLDialogElement>) => void;
  };
  /** Tells the owner at once (the ✕, the backdrop) and closes. */
  close: () => void;
}

/**
 * The dialog `ref` is shown while `open` is true. `onClose` is called once per opening when it
 * closes: Escape, `close()`, or `open` turned false.
 */
export function useModal(open: boolean, onClose: () => void): ModalHandle {
  const ref = useRef<HTMLDialogElement>(null);
  const report = useCloseReport(open, onClose);
  useEffect(() => {
    const d = ref.current;
    if (d === null) return;
    if (open && !d.open) showModalFrom(d);
    if (!open && d.open) d.close();
  }, [open]);
  useEffect(() => {
    const d = ref.current;
    return () => {
      if (d !== null) giveFocusBack(d);
    };
  }, []);
  // React passes a dialog's cancel and close events up its own tree: a dialog opened from this
  // one's content (a confirm) closing is not this one closing
  const own = (e: SyntheticEvent<HTMLDialogElement>): boolean => e.target === e.currentTarget;
  return {
    ref,
    dialogProps: {
      onCancel: (e) => {
        if (own(e)) report();
      },
      onClose: (e) => {
        // a close event that finds the dialog open again is late: it was reopened meanwhile
        if (own(e) && !e.currentTarget.open) report();
      },
    },
    close: () => {
      report();
      ref.current?.close();
    },
  };
}

/**
 * Tells the owner once per opening that the dialog closes. Escape reports at once, from the
 * `cancel` event: the browser closes the dialog and gives the focus back at the same moment, but
 * fires `close` later, from a queued task, and a key pressed meanwhile comes first (Chromium
 * serves input before it). Enter on the opener right after Escape then found its owner still
 * holding the dialog open: it set the same state again and no dialog came (keyboard.spec). The ✕
 * reports at once too; `close` reports what neither did (`open` turned false, a form's
 * `method="dialog"`), unless it comes so late that the dialog is open again.
 */
function useCloseReport(open: boolean, onClose: () => void): () => void {
  const reported = useRef(false);
  useEffect(() => {
    if (open) reported.current = false;
  }, [open]);
  return () => {
    if (reported.current) return;
    reported.current = true;
    onClose();
  };
}

/**
 * The click handler of a sliding panel's <dialog> (the sheet, the drawer): a click on the
 * backdrop lands on the dialog element itself, outside its panel, and closes it.
 */
export function closeOnBackdrop(close: () => void): (e: MouseEvent<HTMLDialogElement>) => void {
  return (e) => {
    if (e.target === e.currentTarget) close();
  };
}

/** The element that had focus when each open dialog opened. */
const openers = new WeakMap<HTMLDialogElement, Element | null>();

/** `showModal`, remembering the opener to give focus back to when the dialog closes. */
function showModalFrom(d: HTMLDialogElement): void {
  openers.set(d, document.activeElement);
  d.addEventListener('close', function closed() {
    // the close event of an earlier closing, fired after this opening (a queued task): not ours
    if (d.open) return;
    d.removeEventListener('close', closed);
    giveFocusBack(d);
  });
  d.showModal();
}

/** Focus back on the dialog's opener, unless focus has already gone somewhere else. */
function giveFocusBack(d: HTMLDialogElement): void {
  if (!openers.has(d)) return;
  const opener = openers.get(d);
  openers.delete(d);
  if (!(opener instanceof HTMLElement) || !opener.isConnected) return;
  const now = document.activeElement;
  if (now === null || now === document.body || d.contains(now) || !d.isConnected) opener.focus();
}
