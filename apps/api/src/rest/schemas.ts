import { z } from "zod";

/** Response shapes the API adds on top of the domain's entities (serialisation and OpenAPI). */

export const MessageSchema = z.object({ message: z.string() });
