import { useToast } from "@tearoom/ui";
import { useRef, useState } from "react";
import type { PaymentHandle } from "./types";

/**
 * Paying (or saving a card for) a payment the server has already started: the card form's handle,
 * whether it is busy, and `pay`, which checks the fields, confirms with the provider and calls
 * `onPaid` once it has the money. A failure is a toast and leaves the form for another try; an
 * authentication page leaves for `returnPath`, so nothing more happens here.
 */
export function useIntentPayment(clientSecret: string | null, returnPath: string, onPaid: () => void | Promise<void>) {
  const { toast } = useToast();
  const handleRef = useRef<PaymentHandle | null>(null);
  const [paying, setPaying] = useState(false);

  async function pay() {
    const handle = handleRef.current;
    if (!handle || paying || !clientSecret) return;
    setPaying(true);
    try {
      const problem = await handle.prepare();
      if (problem) {
        toast({ variant: "destructive", title: "Payment Failed", description: problem });
        return;
      }
      const outcome = await handle.confirm({ clientSecret, returnPath, redirect: "if_required" });
      if (outcome.kind === "failed") {
        toast({ variant: "destructive", title: "Payment Failed", description: outcome.message });
        return;
      }
      if (outcome.kind === "redirecting") {
        await new Promise<never>(() => undefined);
        return;
      }
      await onPaid();
    } finally {
      setPaying(false);
    }
  }

  return { handleRef, paying, pay };
}
