import { AdminLoginSchema, PasswordChangeSchema } from "@tearoom/domain";
import { clearSessionCookie, readSessionToken, setSessionCookie } from "../http/session-cookie.js";
import { OkSchema } from "../rest/schemas.js";
import { demoHint, login, logout } from "../services/auth.js";
import { changeOwnPassword } from "../services/staff-accounts.js";
import { staffProcedure, publicProcedure, router } from "../trpc/init.js";

export const authRouter = router({
  /** Checks the password, sets a fresh HttpOnly session cookie (R1). */
  login: publicProcedure.input(AdminLoginSchema).mutation(async ({ ctx, input }) => {
    const { token, username, role } = await login(ctx.app, input, ctx.req.ip);
    setSessionCookie(ctx.res, ctx.app.env, token);
    return { username, role };
  }),
  /** Revokes the session on the server and clears the cookie. */
  logout: publicProcedure.mutation(async ({ ctx }) => {
    await logout(ctx.app, readSessionToken(ctx.req, ctx.app.env));
    clearSessionCookie(ctx.res, ctx.app.env);
    return { ok: true as const };
  }),
  session: publicProcedure.query(({ ctx }) => (ctx.session ? { username: ctx.session.username, role: ctx.session.role } : null)),
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
  demoHint: publicProcedure.query(({ ctx }) => demoHint(ctx.app)),
});
