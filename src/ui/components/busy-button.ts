// The attributes of a button that is busy while its request is in flight (issue 41, ADR 0046):
// never `disabled` for being busy, since a disabled button drops the keyboard focus to <body>
// under a user who pressed Enter, and the next Tab starts from the top of the page. It stays
// focusable, says so with `aria-disabled` and `aria-busy` (and looks disabled: components.css),
// and its handler ignores a press while busy. `disabled` stays for a reason that is not a
// request in flight (no coin chosen, a rate not known yet, the connection down).
export interface BusyButtonProps {
  disabled: boolean;
  'aria-disabled': boolean;
  'aria-busy': boolean;
}

/** The button's attributes, given whether it is busy and whether it is unusable for another reason. */
export function busyProps(busy: boolean, disabled = false): BusyButtonProps {
  return { disabled, 'aria-disabled': busy || disabled, 'aria-busy': busy };
}
