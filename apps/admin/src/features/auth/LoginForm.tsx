import { Alert, Button, PasswordInput, Stack, TextInput } from "@mantine/core";
import { checkAdminLogin, type AdminLoginFields } from "@tearoom/domain";
import { useRef, useState, type FormEvent } from "react";
import classes from "./LoginForm.module.css";

type Field = keyof AdminLoginFields;

interface LoginFormProps {
  onSubmit: (values: AdminLoginFields) => void;
  pending?: boolean;
  /** The demo pair, only when the server runs in demo mode (R2). */
  demoHint?: { username: string; password: string } | null;
}

/**
 * Username and password with the spec's messages (section 5); the server checks the pair (R1).
 * Plain state and the domain's zod-free check, not a form library: this is the first view.
 */
export function LoginForm({ onSubmit, pending, demoHint }: LoginFormProps) {
  const [values, setValues] = useState<AdminLoginFields>({ username: "", password: "" });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const inputs = { username: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };

  // A message goes as soon as its field is typed in; the next submit checks again.
  const change = (field: Field) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkAdminLogin(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      const first = (["username", "password"] as const).find((field) => checked.errors[field]);
      if (first) inputs[first].current?.focus();
      return;
    }
    onSubmit(checked.value);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          ref={inputs.username}
          label="Username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={values.username}
          onChange={change("username")}
          error={errors.username}
          withAsterisk
        />
        <PasswordInput
          ref={inputs.password}
          label="Password"
          name="password"
          autoComplete="current-password"
          value={values.password}
          onChange={change("password")}
          error={errors.password}
          withAsterisk
        />
        <Button type="submit" loading={pending} fullWidth size="md">
          Sign In
        </Button>
        {demoHint ? (
          <Alert variant="light" color="gold" title="Demo login" role="note">
            Username <strong className={classes.credential}>{demoHint.username}</strong>, password{" "}
            <strong className={classes.credential}>{demoHint.password}</strong>
          </Alert>
        ) : null}
      </Stack>
    </form>
  );
}
