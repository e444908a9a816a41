import { Button } from "@mantine/core";

/**
 * A CSV download from the REST API (R40): a plain link, so the browser saves the file under the
 * name the server gives it, with the staff session cookie.
 */
export function ExportLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <Button component="a" href={href} download variant="default">
      {children}
    </Button>
  );
}
