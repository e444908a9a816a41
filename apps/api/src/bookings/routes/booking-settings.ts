import { BookingSettingCreateSchema, BookingSettingSchema, BookingSettingUpdateSchema, SettingKeySchema } from "@tearoom/domain";
import { z } from "zod";
import { createSetting, listSettings, removeSetting, updateSetting } from "../services/booking-settings.js";
import { OkSchema } from "../../rest/schemas.js";
import { staffProcedure, router } from "../../trpc/init.js";

const byKey = z.object({ key: SettingKeySchema });

export const bookingSettingsRouter = router({
  list: staffProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/booking-settings",
        operationId: "listBookingSettings",
        tag: "staff",
        summary: "Booking settings",
        response: z.array(BookingSettingSchema),
      },
    })
    .query(({ ctx }) => listSettings(ctx.app)),
  create: staffProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/booking-settings",
        status: 201,
        operationId: "createBookingSetting",
        tag: "staff",
        summary:
          "Store a known setting that has no row yet (409 when it has one). An unknown key, a bad value, or a value that contradicts another setting is 400, naming both settings (R33)",
        response: BookingSettingSchema,
        errors: [400, 409],
      },
    })
    .input(BookingSettingCreateSchema)
    .mutation(({ ctx, input }) => createSetting(ctx.app, input, ctx.session.username)),
  update: staffProcedure
    .meta({
      rest: {
        method: "PATCH",
        path: "/api/booking-settings/:key",
        params: byKey,
        operationId: "updateBookingSetting",
        tag: "staff",
        summary:
          "Change a setting's value. An unknown key, a bad value, or a value that contradicts another setting (opening before closing, slots inside opening hours, first slot before last) is 400, naming both settings (R33)",
        response: BookingSettingSchema,
        errors: [400, 404],
      },
    })
    .input(BookingSettingUpdateSchema.extend(byKey.shape))
    .mutation(({ ctx, input }) => updateSetting(ctx.app, input.key, input.value, ctx.session.username)),
  remove: staffProcedure
    .meta({
      rest: {
        method: "DELETE",
        path: "/api/booking-settings/:key",
        params: byKey,
        operationId: "deleteBookingSetting",
        tag: "staff",
        summary:
          "Reset a setting to its default value; the setting stays listed. 400 for an unknown key, or when the default would contradict another setting (R33). A stored key the site does not know is removed",
        response: OkSchema,
        errors: [400],
      },
    })
    .input(byKey)
    .mutation(async ({ ctx, input }) => {
      await removeSetting(ctx.app, input.key, ctx.session.username);
      return { ok: true as const };
    }),
});
