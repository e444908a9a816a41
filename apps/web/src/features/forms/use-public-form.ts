import { useRef, useState, type FormEvent } from "react";
import { flushSync } from "react-dom";
import { checkForm, prefetchFormSchemas, type FormName, type FormValues } from "./check-form";
import { focusFirstError } from "./focus-first-error";

/** A message per field, keyed by the field's name. */
export type FieldErrors = Record<string, string>;

export interface PublicFormOptions<N extends FormName, D extends object> {
  /** The domain schema that checks the form; its code loads on the form's first focus (decision 012). */
  schema: N;
  initialValues: D | (() => D);
  /** What the schema checks, built from the values (empty choices as the schema expects them). */
  toInput: (values: D) => Record<string, unknown>;
  /** Sends the checked values; the form is pending until it settles, and a throw goes to `onFailure`. */
  onValid: (data: FormValues<N>, values: D) => Promise<void> | void;
  /** The form's failure toast: the send failed, or the schemas' code could not be loaded. */
  onFailure: (error: unknown) => void;
  /** Rules the form checks before the schema (a spec toast of its own); false stops the submit. */
  beforeCheck?: (values: D) => boolean;
  /** The messages as the form shows them, e.g. under another field's name; may raise a toast. */
  onInvalid?: (errors: FieldErrors, values: D) => FieldErrors;
  /** Adds the honeypot field (R5), sent as `website`. */
  honeypot?: boolean;
}

/**
 * One public form's state (decision 012): values, a message per field that clears when the field
 * changes, a submit that checks with the domain schema, shows every message and focuses the first
 * field in error, and a pending flag while the checked values are sent. Each form keeps only its
 * fields and what it does with the values.
 */
export function usePublicForm<N extends FormName, D extends object>(options: PublicFormOptions<N, D>) {
  const [values, setValues] = useState<D>(options.initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [website, setWebsite] = useState("");
  const [pending, setPending] = useState(false);
  const ref = useRef<HTMLFormElement | null>(null);
  // A press while the last one is still being checked or sent is ignored (pending covers only the send).
  const busy = useRef(false);

  const setField = <K extends keyof D>(key: K, value: D[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => (e[key as string] ? { ...e, [key as string]: "" } : e));
  };

  const reset = (next: D = typeof options.initialValues === "function" ? (options.initialValues as () => D)() : options.initialValues) => {
    setValues(next);
    setErrors({});
    setWebsite("");
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current) return;
    const { schema, toInput, onValid, onFailure, beforeCheck, onInvalid, honeypot } = options;
    if (beforeCheck && !beforeCheck(values)) return;
    busy.current = true;
    try {
      const checked = await checkForm(schema, honeypot ? { ...toInput(values), website } : toInput(values)).catch((error: unknown) => {
        onFailure(error);
        return null;
      });
      if (!checked) return;
      if (!checked.ok) {
        const shown = onInvalid ? onInvalid(checked.errors, values) : checked.errors;
        // Rendered now, so the fields carry aria-invalid before focus looks for the first.
        flushSync(() => setErrors(shown));
        focusFirstError(ref.current);
        return;
      }
      setErrors({});
      setPending(true);
      try {
        await onValid(checked.data, values);
      } catch (error) {
        onFailure(error);
      } finally {
        setPending(false);
      }
    } finally {
      busy.current = false;
    }
  }

  return {
    values,
    errors,
    pending,
    setField,
    setValues,
    setErrors,
    reset,
    /** Spread on the `<form>`: posts nowhere without script, checks in the browser, loads the schemas on first focus. */
    formProps: { ref, method: "post", noValidate: true, onSubmit, onFocus: prefetchFormSchemas } as const,
    /** Spread on `<Honeypot>`. */
    honeypotProps: { value: website, onChange: setWebsite },
  };
}
