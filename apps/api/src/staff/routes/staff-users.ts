import { id, PasswordResetSchema, StaffEmailSchema, StaffUserCreateSchema, StaffUserSchema } from "@tearoom/domain";
import { z } from "zod";
import {
  createStaffAccount,
  listStaffAccounts,
  OWNER_ONLY_MESSAGE,
  removeStaffAccount,
  resetStaffPassword,
  setStaffAccountEmail,
} from "../services/staff-accounts.js";
import { IdParamsSchema } from "../../rest/helpers.js";
import { message } from "../../rest/openapi.js";
import { OkSchema } from "../../rest/schemas.js";
import { ownerProcedure, router } from "../../trpc/init.js";

const OWNER_ONLY = { 403: message("Signed in with a staff account: only the owner manages accounts (R40)") };
const ACCOUNT_CONFLICT = { 409: message("A username already taken, your own account, or the last owner") };

/** R40: account management; the service refuses staff-role sessions (FORBIDDEN). */
export const staffUsersRouter = router({
  list: ownerProcedure(OWNER_ONLY_MESSAGE)
    .meta({
      rest: {
        method: "GET",
        path: "/api/staff-users",
        operationId: "listStaffUsers",
        tag: "staff",
        summary: "Staff accounts (owner only)",
        response: z.array(StaffUserSchema),
        responses: OWNER_ONLY,
      },
    })
    .query(({ ctx }) => listStaffAccounts(ctx.app)),
  create: ownerProcedure(OWNER_ONLY_MESSAGE)
    .meta({
      rest: {
        method: "POST",
        path: "/api/staff-users",
        status: 201,
        operationId: "createStaffUser",
        tag: "staff",
        summary: "Add a staff account (owner only); role is owner or staff, staff by default",
        response: StaffUserSchema,
        errors: [400],
        responses: { ...OWNER_ONLY, ...ACCOUNT_CONFLICT },
      },
    })
    .input(StaffUserCreateSchema)
    .mutation(({ ctx, input }) => createStaffAccount(ctx.app, ctx.session, input)),
  remove: ownerProcedure(OWNER_ONLY_MESSAGE)
    .meta({
      rest: {
        method: "DELETE",
        path: "/api/staff-users/:id",
        params: IdParamsSchema,
        operationId: "deleteStaffUser",
        tag: "staff",
        summary: "Remove a staff account and end its sessions (owner only; not your own, not the last owner)",
        response: OkSchema,
        errors: [400, 404],
        responses: { ...OWNER_ONLY, ...ACCOUNT_CONFLICT },
      },
    })
    .input(z.object({ id }))
    .mutation(async ({ ctx, input }) => {
      await removeStaffAccount(ctx.app, ctx.session, input.id);
      return { ok: true as const };
    }),
  resetPassword: ownerProcedure(OWNER_ONLY_MESSAGE)
    .meta({
      rest: {
        method: "POST",
        path: "/api/staff-users/:id/password",
        params: IdParamsSchema,
        operationId: "resetStaffPassword",
        tag: "staff",
        summary: "Set another account's password and end its sessions (owner only)",
        response: StaffUserSchema,
        errors: [400, 404],
        responses: { ...OWNER_ONLY, ...ACCOUNT_CONFLICT },
      },
    })
    .input(PasswordResetSchema.extend({ id }))
    .mutation(({ ctx, input }) => resetStaffPassword(ctx.app, ctx.session, input.id, { password: input.password })),
  setEmail: ownerProcedure(OWNER_ONLY_MESSAGE)
    .meta({
      rest: {
        method: "PATCH",
        path: "/api/staff-users/:id",
        params: IdParamsSchema,
        operationId: "setStaffUserEmail",
        tag: "staff",
        summary: "Set an account's e-mail address, where its newsletter tests go (owner only); empty or null removes it",
        response: StaffUserSchema,
        errors: [400, 404],
        responses: OWNER_ONLY,
      },
    })
    .input(StaffEmailSchema.extend({ id }))
    .mutation(({ ctx, input }) => setStaffAccountEmail(ctx.app, ctx.session, input.id, input.email)),
});
