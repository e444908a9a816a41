import { Alert, Button, PasswordInput, Stack, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { AdminLoginSchema, type AdminLogin } from "@tearoom/domain";
import classes from "./LoginForm.module.css";

interface LoginFormProps {
  onSubmit: (values: AdminLogin) => void;
  pending?: boolean;
  /** The demo pair, only when the server runs in demo mode (R2). */
  demoHint?: { username: string; password: string } | null;
}

/** Username and password with the spec's messages (section 5); the server checks the pair (R1). */
export function LoginForm({ onSubmit, pending, demoHint }: LoginFormProps) {
  // The domain schema checks the fields (messages of spec section 5) and trims the username.
  const form = useForm({
    mode: "uncontrolled",
    initialValues: { username: "", password: "" },
    validate: schemaResolver(AdminLoginSchema, { sync: true }),
    transformValues: (values): AdminLogin => AdminLoginSchema.parse(values),
  });
  const focusFirstError = (errors: Record<string, unknown>) => {
    const first = Object.keys(errors)[0];
    if (first) form.getInputNode(first)?.focus();
  };

  return (
    <form onSubmit={form.onSubmit((values) => onSubmit(values), focusFirstError)} noValidate>
      <Stack gap="md">
        <TextInput
          label="Username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          key={form.key("username")}
          {...form.getInputProps("username")}
          withAsterisk
        />
        <PasswordInput
          label="Password"
          name="password"
          autoComplete="current-password"
          key={form.key("password")}
          {...form.getInputProps("password")}
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
