import { PersonalDataExportSchema, PrivacyRequestSchema } from "@tearoom/domain";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.js";
import { exportPersonalData } from "../services/privacy.js";
import { staffOp } from "./admin.js";
import { staffOnly } from "./helpers.js";

/**
 * R39: what is held about a person, for the owner, as a file to download; REST only, as the admin
 * app saves it from here. Erasing is a procedure (routers/privacy.ts), served at its REST path too.
 */
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
}
