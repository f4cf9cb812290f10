// A native modal <dialog> shown while `open` is true: the one open / close / focus code of every
// dialog (the kit's Modal, kit/modal.tsx, and the two sliding panels, the phone's sheet and the
// header's drawer). showModal traps focus and closes on Escape. Focus goes back to the element
// that had it when the dialog opened (ADR 0037): the browser does so on close when focus is still
// in the dialog; `showModalFrom` also does it when focus fell out of the dialog meanwhile (a
// button that went busy), and when the dialog is unmounted while open (dialogs rendered only
// while open), which the browser does not.
import { useEffect, useRef, type MouseEvent, type RefObject } from 'react';

export function useModal(open: boolean): RefObject<HTMLDialogElement | null> {
  const ref = useRef<HTMLDialogElement>(null);
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
  return ref;
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
