import type { FastifyInstance } from "fastify";

// Seam: payment-intent, provider confirmation and webhook routes (R3, R7–R10) are built in the payments work.
export async function paymentRoutes(_app: FastifyInstance, _opts: { ctx: unknown }): Promise<void> {}
