import { BookingSettingCreateSchema, BookingSettingUpdateSchema, SettingKeySchema } from "@tearoom/domain";
import { z } from "zod";
import { createSetting, listSettings, removeSetting, updateSetting } from "../services/booking-settings.js";
import { staffProcedure, router } from "../trpc/init.js";

export const bookingSettingsRouter = router({
  list: staffProcedure.query(({ ctx }) => listSettings(ctx.app)),
  create: staffProcedure.input(BookingSettingCreateSchema).mutation(({ ctx, input }) => createSetting(ctx.app, input, ctx.session.username)),
  update: staffProcedure
    .input(BookingSettingUpdateSchema.extend({ key: SettingKeySchema }))
    .mutation(({ ctx, input }) => updateSetting(ctx.app, input.key, input.value, ctx.session.username)),
  remove: staffProcedure.input(z.object({ key: SettingKeySchema })).mutation(async ({ ctx, input }) => {
    await removeSetting(ctx.app, input.key, ctx.session.username);
    return { ok: true as const };
  }),
});
