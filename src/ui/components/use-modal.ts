// A native modal <dialog> shown while `open` is true (confirmations, sheets, the drawer, the
// earn dialogs): showModal traps focus and closes on Escape; closing gives focus back to the
// element that had it.
import { useEffect, useRef, type RefObject } from 'react';

export function useModal(open: boolean): RefObject<HTMLDialogElement | null> {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (d === null) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return ref;
}
