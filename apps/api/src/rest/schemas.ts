import { z } from "zod";

/** Response shapes the API adds on top of the domain's entities (serialisation and OpenAPI). */

export const MessageSchema = z.object({ message: z.string() });

/** What a write that has nothing else to say answers. */
export const OkSchema = z.object({ ok: z.literal(true) });
