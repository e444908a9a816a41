import { TextInput } from "@mantine/core";

type Field = "name" | "email" | "phone";

/**
 * Name, e-mail and phone, as every public form asks for them (spec sections 4–6): the same
 * labels, autocomplete hints and error places. The fields sit in the caller's grid.
 */
export function ContactFields({
  values,
  errors,
  set,
  phoneOptional = false,
}: {
  values: Record<Field, string | undefined>;
  errors: Partial<Record<string, string>>;
  set: (field: Field, value: string) => void;
  /** The contact form's phone is optional, and says so in its label. */
  phoneOptional?: boolean;
}) {
  return (
    <>
      <TextInput label="Name" required autoComplete="name" value={values.name ?? ""} onChange={(e) => set("name", e.currentTarget.value)} error={errors.name} />
      <TextInput
        label="Email"
        type="email"
        required
        autoComplete="email"
        value={values.email ?? ""}
        onChange={(e) => set("email", e.currentTarget.value)}
        error={errors.email}
      />
      <TextInput
        label={phoneOptional ? "Phone (optional)" : "Phone"}
        type="tel"
        required={!phoneOptional}
        autoComplete="tel"
        value={values.phone ?? ""}
        onChange={(e) => set("phone", e.currentTarget.value)}
        error={errors.phone}
      />
    </>
  );
}
