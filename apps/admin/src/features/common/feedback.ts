import { useToast } from "@tearoom/ui";
import { useCallback } from "react";
import { errorMessage } from "../../lib/errors";

/**
 * The spec's section-8 toasts: a success names what happened; a failure names what failed
 * (destructive variant) and adds the server's own reason when it gave one.
 */
export function useFeedback() {
  const { toast } = useToast();
  const success = useCallback((title: string, description?: string) => toast({ title, description }), [toast]);
  const failure = useCallback(
    (title: string, error: unknown) => {
      const reason = errorMessage(error, "");
      toast({ title, description: reason && reason !== title ? reason : undefined, variant: "destructive" });
    },
    [toast],
  );
  return { success, failure };
}
