// Form state of the screens' forms (auth, wallet, account, …): values (never cleared on an
// error), per-field validation ids, a form-level server message, and an in-flight flag: the
// submit button shows it (busyProps: aria-disabled, never `disabled`, which would drop the
// keyboard focus) and a second run while one is in flight is refused (issue 41, ADR 0046).
import { useCallback, useRef, useState } from 'react';
import type { CommandResult } from '../../engine/api.ts';
import type { ValidationId } from '../../shared/validation.ts';
import { failureMessage } from '../i18n/result-message.ts';
import { tv } from '../i18n/i18n.ts';
import { toast } from '../toast/toast.ts';

export type Errors<F extends string> = Partial<Record<F, ValidationId>>;

export function useForm<F extends string>(initial: Record<F, string>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrorsState] = useState<Errors<F>>({});
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  /** A command is in flight (a ref: two presses within one render both see `busy` false). */
  const inFlight = useRef(false);

  const setValue = useCallback((field: F, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrorsState((e) => withoutKey(e, field));
    setFormError(null);
  }, []);

  const setErrors = useCallback((next: Errors<F>) => setErrorsState(next), []);
  const setError = useCallback(
    (field: F, id: ValidationId) => setErrorsState((e) => ({ ...e, [field]: id })),
    [],
  );

  /**
   * Run a command while busy; failures become field errors or the form message, and are
   * announced (a toast). With `done`, a success is announced too: the server's message, or
   * `done` when the reply has none ('' announces only the server's). While one is in flight
   * another is not sent: it answers `busy` and changes nothing on the form.
   */
  const run = useCallback(
    async <T>(
      command: () => Promise<CommandResult<T>>,
      done?: string,
    ): Promise<CommandResult<T>> => {
      if (inFlight.current) return { ok: false, code: 'busy' };
      inFlight.current = true;
      setBusy(true);
      setFormError(null);
      try {
        const result = await command();
        if (result.ok) {
          if (done !== undefined) toast.success(result.message !== '' ? result.message : done);
        } else {
          if (result.code === 'invalid') setErrorsState(result.fields as Errors<F>);
          const message = failureMessage(result);
          setFormError(message);
          toast.error(message);
        }
        return result;
      } finally {
        inFlight.current = false;
        setBusy(false);
      }
    },
    [],
  );

  /** The localized message of a field's error, if any. */
  const message = (field: F): string | undefined => {
    const id = errors[field];
    return id === undefined ? undefined : tv(id);
  };

  return { values, setValue, errors, setErrors, setError, message, busy, formError, run };
}

function withoutKey<F extends string>(errors: Errors<F>, field: F): Errors<F> {
  if (!(field in errors)) return errors;
  const next = { ...errors };
  delete next[field];
  return next;
}
