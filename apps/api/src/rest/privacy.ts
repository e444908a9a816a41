import { ErasureSchema, PersonalDataExportSchema, PrivacyRequestSchema } from "@tearoom/domain";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.js";
import { erasePerson, exportPersonalData } from "../services/privacy.js";
import { staffOp } from "./admin.js";
import { body, staffOnly } from "./helpers.js";

/** R39: what is held about a person, and erasing them, for the owner. */
export async function privacyRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const staff = staffOnly(ctx);
  app.get(
    "/api/privacy/export",
    {
      ...staff,
      schema: staffOp(
        "exportPersonalData",
        "privacy",
        "Everything held about an e-mail address, as one JSON document (R39; owner only, staff get 403)",
        { querystring: PrivacyRequestSchema },
        { 200: PersonalDataExportSchema },
        [400, 403],
      ),
    },
    async (req, reply) => {
      const { email } = PrivacyRequestSchema.parse(req.query);
      // Saved as a file by a browser; never kept by a cache.
      reply.header("content-disposition", 'attachment; filename="personal-data.json"').header("cache-control", "no-store");
      return exportPersonalData(ctx, req.staff!, email);
    },
  );
  app.post(
    "/api/privacy/erase",
    {
      ...staff,
      schema: staffOp(
        "erasePerson",
        "privacy",
        "Erase a person: their details replaced in bookings, vouchers, enquiries and subscriptions; amounts and dates kept (R39; owner only, staff get 403)",
        { body: PrivacyRequestSchema },
        { 200: ErasureSchema },
        [400, 403],
      ),
    },
    async (req) => erasePerson(ctx, req.staff!, PrivacyRequestSchema.parse(body(req)).email),
  );
}
