import { z } from "zod";

export const LOGIN_MESSAGES = { username: "Username is required", password: "Password is required" } as const;

/** Admin login form and POST /api/admin/login. */
export const AdminLoginSchema = z.object({
  username: z.string({ error: LOGIN_MESSAGES.username }).trim().min(1, { error: LOGIN_MESSAGES.username }).max(100),
  password: z.string({ error: LOGIN_MESSAGES.password }).min(1, { error: LOGIN_MESSAGES.password }).max(200),
});
export type AdminLogin = z.infer<typeof AdminLoginSchema>;

/** R2: the demo pair, seeded only when no staff credentials are configured outside production. */
export const DEMO_STAFF = { username: "admin", password: "tearoom-demo" } as const;
