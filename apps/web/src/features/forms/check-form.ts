import type { FORM_SCHEMAS } from "./form-schemas";

// A form's schemas are zod schemas from the domain. Building them (and zod itself) costs a phone
// about a tenth of a second, which would block the page while it becomes interactive; nobody
// needs them before they submit. So they load when a visitor first touches a form.
let loading: Promise<typeof import("./form-schemas")> | undefined;

function loadFormSchemas() {
  return (loading ??= import("./form-schemas").catch((error: unknown) => {
    loading = undefined; // a lost connection: the next submit tries again
    throw error;
  }));
}

/** Starts loading the schemas; for a form's first focus, so they are there by the time it is sent. */
export function prefetchFormSchemas(): void {
  loadFormSchemas().catch(() => undefined);
}

/** A public form, named by its schema. */
export type FormName = keyof typeof FORM_SCHEMAS;
/** What a form's schema gives back for valid values. */
export type FormValues<N extends FormName> = NonNullable<ReturnType<(typeof FORM_SCHEMAS)[N]["safeParse"]>["data"]>;

export type FormCheck<T> = { ok: true; data: T } | { ok: false; errors: Record<string, string> };

/**
 * Checks a form's values with its domain schema: the parsed data, or a message per field. Rejects
 * only when the schemas' code cannot be loaded, which the form treats like a failed send.
 */
export async function checkForm<N extends FormName>(form: N, values: unknown): Promise<FormCheck<FormValues<N>>> {
  const { FORM_SCHEMAS, fieldErrors } = await loadFormSchemas();
  const parsed = FORM_SCHEMAS[form].safeParse(values);
  return parsed.success ? { ok: true, data: parsed.data as FormValues<N> } : { ok: false, errors: fieldErrors(parsed.error) };
}
