import { z } from "zod";
import { LOGIN_LIMITS, LOGIN_MESSAGES } from "./staff-login.js";

/** POST /api/admin/login; the sign-in form checks the same rule with checkAdminLogin (staff-login.ts). */
export const AdminLoginSchema = z.object({
  username: z
    .string({ error: LOGIN_MESSAGES.username })
    .trim()
    .min(1, { error: LOGIN_MESSAGES.username })
    .max(LOGIN_LIMITS.username, { error: LOGIN_MESSAGES.usernameTooLong }),
  password: z
    .string({ error: LOGIN_MESSAGES.password })
    .min(1, { error: LOGIN_MESSAGES.password })
    .max(LOGIN_LIMITS.password, { error: LOGIN_MESSAGES.passwordTooLong }),
});
export type AdminLogin = z.infer<typeof AdminLoginSchema>;

/** R2: the demo pair, seeded only when no staff credentials are configured outside production. */
export const DEMO_STAFF = { username: "admin", password: "tearoom-demo" } as const;

/** R40: the first account is the owner; the owner manages accounts, staff run the day. */
export const STAFF_ROLES = ["owner", "staff"] as const;
export const StaffRoleSchema = z.enum(STAFF_ROLES, { error: "role must be owner or staff" });
export type StaffRole = z.infer<typeof StaffRoleSchema>;

/** A staff account as the API answers it: never its password or hash. */
export const StaffUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  role: StaffRoleSchema,
  createdAt: z.string(),
  /** Where a newsletter test goes (R56); null until given. */
  email: z.string().nullable(),
});
export type StaffUser = z.infer<typeof StaffUserSchema>;

export const PASSWORD_MESSAGES = {
  short: "Use at least 8 characters",
  long: "Use at most 200 characters",
  demo: "Choose your own password: this one is the demo's, published on the login page",
} as const;

/** A new password: the same length rule as ADMIN_PASSWORD, and never the published demo password (R22). */
export const newPassword = z
  .string({ error: PASSWORD_MESSAGES.short })
  .min(8, { error: PASSWORD_MESSAGES.short })
  .max(200, { error: PASSWORD_MESSAGES.long })
  .refine((value) => value !== DEMO_STAFF.password, { error: PASSWORD_MESSAGES.demo });

const USERNAME_MESSAGE = "Username: 2 to 50 letters, digits, dots, dashes or underscores";

/** POST /api/staff-users and staffUsers.create (owner only). */
export const StaffUserCreateSchema = z.object({
  username: z
    .string({ error: USERNAME_MESSAGE })
    .trim()
    .regex(/^[A-Za-z0-9._-]{2,50}$/, { error: USERNAME_MESSAGE }),
  password: newPassword,
  role: StaffRoleSchema.default("staff"),
});

/** POST /api/staff-users/{id}/password (owner only): the account's new password. */
export const PasswordResetSchema = z.object({ password: newPassword });
export type PasswordReset = z.infer<typeof PasswordResetSchema>;

/** POST /api/admin/password: anyone changes their own password, proving the current one. */
export const PasswordChangeSchema = z.object({
  currentPassword: z.string({ error: "Current password is required" }).min(1, { error: "Current password is required" }).max(200),
  newPassword,
});
export type PasswordChange = z.infer<typeof PasswordChangeSchema>;

const STAFF_EMAIL_MESSAGE = "email: enter a valid e-mail address, or leave it empty";

/** PATCH /api/staff-users/{id} (owner only): the account's e-mail address; empty or null removes it. */
export const StaffEmailSchema = z.object({
  email: z.union(
    [
      z.literal("").transform(() => null),
      z.null(),
      z
        .string()
        .trim()
        .toLowerCase()
        .max(254)
        .pipe(z.email({ error: STAFF_EMAIL_MESSAGE })),
    ],
    {
      error: STAFF_EMAIL_MESSAGE,
    },
  ),
});
export type StaffEmail = z.infer<typeof StaffEmailSchema>;
