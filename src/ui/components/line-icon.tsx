// The house outline icon: a 24-unit stroked drawing in the current text colour, hidden from
// assistive technology (the control it sits in carries the label).
import type { ReactNode } from 'react';

export function LineIcon({ size = 16, children }: { size?: number; children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
    >
      {children}
    </svg>
  );
}
