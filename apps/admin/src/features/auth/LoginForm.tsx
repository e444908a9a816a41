import { Alert, Button, PasswordInput, Stack, TextInput } from "@mantine/core";
import { AdminLoginSchema, fieldErrors, type AdminLogin } from "@tearoom/domain";
import { useState, type FormEvent } from "react";
import classes from "./LoginForm.module.css";

interface LoginFormProps {
  onSubmit: (values: AdminLogin) => void;
  pending?: boolean;
  /** The demo pair, only when the server runs in demo mode (R2). */
  demoHint?: { username: string; password: string } | null;
}

/** Username and password with the spec's messages (section 5); the server checks the pair (R1). */
export function LoginForm({ onSubmit, pending, demoHint }: LoginFormProps) {
  const [values, setValues] = useState({ username: "", password: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = AdminLoginSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    onSubmit(parsed.data);
  };

  const set = (field: "username" | "password") => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: "" }));
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={values.username}
          onChange={set("username")}
          error={errors.username || undefined}
          withAsterisk
        />
        <PasswordInput
          label="Password"
          name="password"
          autoComplete="current-password"
          value={values.password}
          onChange={set("password")}
          error={errors.password || undefined}
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
