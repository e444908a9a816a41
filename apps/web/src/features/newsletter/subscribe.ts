import { postJson } from "../../lib/http";

export type NewsletterSource = "popup" | "footer";

/**
 * POST /api/newsletter/subscribe (R16 as amended by R26: double opt-in). The server answers 202 and
 * the same body for every address and e-mails a confirmation link; subscribing twice is harmless.
 */
export function subscribeToNewsletter(email: string, source: NewsletterSource, website = ""): Promise<unknown> {
  return postJson("/api/newsletter/subscribe", { email, source, website });
}
