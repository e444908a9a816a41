// A stray address can be the first page opened, before the staff screens' styles have loaded.
import "@mantine/core/styles/Anchor.css";
import { Anchor, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { useDocumentTitle } from "../features/common/useDocumentTitle";

/** Any unmatched admin path (spec section 2). */
export default function NotFoundPage() {
  useDocumentTitle("Page not found");
  return (
    <main style={{ minHeight: "100vh", display: "grid", placeItems: "center", padding: "1.5rem" }}>
      <Stack align="center" gap="sm" ta="center" maw={520}>
        <Title order={1}>404 Page Not Found</Title>
        <Text c="dimmed">Did you forget to add the page to the router?</Text>
        <Anchor component={Link} to="/dashboard">
          Go to the dashboard
        </Anchor>
      </Stack>
    </main>
  );
}
