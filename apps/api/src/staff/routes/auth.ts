import { AdminLoginSchema, PasswordChangeSchema, StaffRoleSchema } from "@tearoom/domain";
import { z } from "zod";
import { clearSessionCookie, readSessionToken, setSessionCookie } from "../../http/session-cookie.js";
import { OkSchema } from "../../rest/schemas.js";
import { demoHint, login, logout } from "../services/auth.js";
import { changeOwnPassword } from "../services/staff-accounts.js";
import { staffProcedure, publicProcedure, router } from "../../trpc/init.js";

const SessionSchema = z.object({ username: z.string(), role: StaffRoleSchema });
const DemoHintSchema = z.object({ username: z.string(), password: z.string() }).nullable();

export const authRouter = router({
  /** Checks the password, sets a fresh HttpOnly session cookie (R1). */
  login: publicProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/admin/login",
        operationId: "signIn",
        tag: "staff",
        summary: "Staff sign-in; sets the HttpOnly session cookie",
        response: SessionSchema,
        errors: [400, 401, 429],
      },
    })
    .input(AdminLoginSchema)
    .mutation(async ({ ctx, input }) => {
      const { token, username, role } = await login(ctx.app, input, ctx.req.ip);
      setSessionCookie(ctx.res, ctx.app.env, token);
      return { username, role };
    }),
  /** Revokes the session on the server and clears the cookie. */
  logout: publicProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/admin/logout",
        operationId: "signOut",
        tag: "staff",
        summary: "Revoke the session and clear the cookie",
        response: OkSchema,
        errors: [403],
      },
    })
    .mutation(async ({ ctx }) => {
      await logout(ctx.app, readSessionToken(ctx.req, ctx.app.env));
      clearSessionCookie(ctx.res, ctx.app.env);
      return { ok: true as const };
    }),
  /** The admin app asks whether it is signed in: null if not. REST answers that 401. */
  session: publicProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/admin/session",
        requireSession: true,
        operationId: "getSession",
        tag: "staff",
        summary: "The signed-in staff member",
        response: SessionSchema,
      },
    })
    .query(({ ctx }) => (ctx.session ? { username: ctx.session.username, role: ctx.session.role } : null)),
  /** R40: anyone changes their own password, proving the current one; their other sessions end. */
  changePassword: staffProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/admin/password",
        operationId: "changeOwnPassword",
        tag: "staff",
        summary: "Change your own password (the current one required); your other sessions end",
        response: OkSchema,
        errors: [400, 429],
      },
    })
    .input(PasswordChangeSchema)
    .mutation(async ({ ctx, input }) => {
      await changeOwnPassword(ctx.app, ctx.session, input, ctx.req.ip);
      return { ok: true as const };
    }),
  /** R2: the demo pair on the embedded default only. */
  demoHint: publicProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/admin/demo-hint",
        operationId: "getDemoHint",
        tag: "staff",
        summary: "The demo staff account's sign-in, on a demo deployment only (otherwise null)",
        response: DemoHintSchema,
      },
    })
    .query(({ ctx }) => demoHint(ctx.app)),
});
