import type { z } from "zod";
import { fieldErrors } from "./errors.js";

/** Field → first message of a parse that must fail (test helper). */
export function errorsOf(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`expected ${JSON.stringify(input)} to be refused, got ${JSON.stringify(result.data)}`);
  return fieldErrors(result.error);
}
