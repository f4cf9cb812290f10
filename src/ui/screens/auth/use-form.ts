// Form state of the auth screens: values (never cleared on an error), per-field validation
// ids, a form-level server message, and an in-flight flag that disables submit.
import { useCallback, useState } from 'react';
import type { CommandResult } from '../../../engine/api.ts';
import type { ValidationId } from '../../../shared/validation.ts';
import { failureMessage } from '../../engine-bridge/result-message.ts';
import { tv } from '../../i18n/i18n.ts';
import { toast } from '../../toast/toast.ts';

export type Errors<F extends string> = Partial<Record<F, ValidationId>>;

export function useForm<F extends string>(initial: Record<F, string>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrorsState] = useState<Errors<F>>({});
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

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

  /** Run a command with submit disabled; failures become field errors or the form message. */
  const run = useCallback(
    async <T>(command: () => Promise<CommandResult<T>>): Promise<CommandResult<T>> => {
      setBusy(true);
      setFormError(null);
      try {
        const result = await command();
        if (!result.ok) {
          if (result.code === 'invalid') setErrorsState(result.fields as Errors<F>);
          const message = failureMessage(result);
          setFormError(message);
          toast.error(message);
        }
        return result;
      } finally {
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
