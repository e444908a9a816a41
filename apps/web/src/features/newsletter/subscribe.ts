import { postJson } from "../../lib/http";

export type NewsletterSource = "popup" | "footer";

/** POST /api/newsletter/subscribe (R16); subscribing twice is harmless on the server. */
export function subscribeToNewsletter(email: string, source: NewsletterSource, website = ""): Promise<unknown> {
  return postJson("/api/newsletter/subscribe", { email, source, website });
}
