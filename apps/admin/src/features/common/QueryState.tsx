import { Alert, Button, Skeleton, Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { errorMessage } from "../../lib/errors";

interface QueryStateProps {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  /** What is being loaded, for the error message: "pricing items". */
  what: string;
  children: ReactNode;
  skeletonRows?: number;
}

/** Loading placeholders, a readable error with a retry, or the loaded content. */
export function QueryState({ query, what, children, skeletonRows = 3 }: QueryStateProps) {
  if (query.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label={`Loading ${what}`}>
        {Array.from({ length: skeletonRows }, (_, i) => (
          <Skeleton key={i} height={72} radius="md" />
        ))}
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Alert color="rose" variant="light" title={`Could not load ${what}`} role="alert">
        <Stack gap="xs" align="flex-start">
          {errorMessage(query.error, "Please check your connection and try again.")}
          <Button size="xs" variant="outline" color="rose" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  return <>{children}</>;
}
