// A small disclosure popover (language picker, app QR, user menu): a button that toggles a
// panel; closes on outside click, on Escape and when a link inside is followed.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

interface PopoverProps {
  /** The button's content (already localized). */
  label: ReactNode;
  /** Accessible name of the button when `label` is not text. */
  ariaLabel?: string;
  /** The button's hint on hover (an icon button's name). */
  title?: string;
  className?: string;
  align?: 'start' | 'end';
  onOpen?: () => void;
  /** Test id of the toggle button. */
  testId?: string;
  children: (close: () => void) => ReactNode;
}

export function Popover({
  label,
  ariaLabel,
  title,
  className,
  align = 'end',
  onOpen,
  testId,
  children,
}: PopoverProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return undefined;
    const onDown = (e: MouseEvent): void => {
      if (root.current !== null && e.target instanceof Node && !root.current.contains(e.target))
        setOpen(false);
    };
    const onKey = (e: KeyboardEvent): void => {
      if (e.key !== 'Escape') return;
      // focus inside the panel goes back to the button, not to the page's start
      if (root.current?.contains(document.activeElement) === true) button.current?.focus();
      setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const toggle = (): void => {
    if (!open) onOpen?.();
    setOpen(!open);
  };

  return (
    <div className={`popover ${className ?? ''}`} ref={root}>
      <button
        ref={button}
        type="button"
        className="popover__button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={ariaLabel}
        title={title}
        data-testid={testId}
        onClick={toggle}
      >
        {label}
      </button>
      {open && (
        <div id={panelId} className={`popover__panel popover__panel--${align}`}>
          {children(() => setOpen(false))}
        </div>
      )}
    </div>
  );
}
