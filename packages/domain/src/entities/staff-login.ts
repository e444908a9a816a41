// The sign-in rule without zod: the admin's sign-in page is its first view and carries no schema
// library (decision 037). AdminLoginSchema (staff.ts) is built from the same limits and messages,
// and staff.test.ts checks that both give the same answer.

export const LOGIN_LIMITS = { username: 100, password: 200 } as const;

export const LOGIN_MESSAGES = {
  username: "Username is required",
  password: "Password is required",
  usernameTooLong: `Username is at most ${LOGIN_LIMITS.username} characters`,
  passwordTooLong: `Password is at most ${LOGIN_LIMITS.password} characters`,
} as const;

export type AdminLoginFields = { username: string; password: string };

/** The sign-in form's check: the trimmed username and the password as typed, or a message per field. */
export function checkAdminLogin(
  input: Partial<Record<keyof AdminLoginFields, unknown>>,
): { ok: true; value: AdminLoginFields } | { ok: false; errors: Partial<Record<keyof AdminLoginFields, string>> } {
  const errors: Partial<Record<keyof AdminLoginFields, string>> = {};
  const username = typeof input.username === "string" ? input.username.trim() : "";
  const password = typeof input.password === "string" ? input.password : "";
  if (!username) errors.username = LOGIN_MESSAGES.username;
  else if (username.length > LOGIN_LIMITS.username) errors.username = LOGIN_MESSAGES.usernameTooLong;
  if (!password) errors.password = LOGIN_MESSAGES.password;
  else if (password.length > LOGIN_LIMITS.password) errors.password = LOGIN_MESSAGES.passwordTooLong;
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, value: { username, password } };
}
