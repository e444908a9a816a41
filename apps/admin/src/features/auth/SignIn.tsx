import { Alert, Paper, Stack, Text, Title } from "@mantine/core";
import type { AdminLoginFields } from "@tearoom/domain";
import { useToast } from "@tearoom/ui";
import { useEffect, useState } from "react";
import { useDocumentTitle } from "../common/useDocumentTitle";
import { readAdminFlag, setAdminFlag } from "./admin-flag";
import { LoginForm } from "./LoginForm";
import { fetchDemoHint, fetchSession, signIn, signInFailure, type DemoHint, type StaffSession } from "./sign-in-api";
import classes from "./SignIn.module.css";

interface SignInProps {
  /**
   * Called once someone is signed in: after a good password, or at once when the browser already
   * has a session. The caller opens the staff screens (the first view's entry, or the router).
   */
  onSignedIn: (session: StaffSession) => void;
}

/**
 * The sign-in page (R1), with the demo hint only in demo mode (R2). It needs no router, query
 * cache or tRPC client, so it can be the admin's whole first view (decision 037).
 */
export function SignIn({ onSignedIn }: SignInProps) {
  useDocumentTitle("Admin login");
  const { toast } = useToast();
  const [demoHint, setDemoHint] = useState<DemoHint | null>(null);
  const [pending, setPending] = useState(false);
  const [signedIn, setSignedIn] = useState(false);
  // An earlier sign-in in this browser whose session has since ended (UI hint only, R1).
  const [sessionEnded] = useState(() => readAdminFlag());

  useEffect(() => {
    let live = true;
    // Already signed in (another tab, a bookmark of this page): straight on to the screens.
    fetchSession().then(
      (session) => {
        if (live && session) onSignedIn(session);
      },
      () => undefined,
    );
    fetchDemoHint().then(
      (hint) => {
        if (live) setDemoHint(hint);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
    // Once per visit to the page: a new onSignedIn on re-render must not check again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = (values: AdminLoginFields) => {
    setPending(true);
    signIn(values).then(
      (session) => {
        setAdminFlag(true);
        setSignedIn(true);
        toast({ title: "Login successful", description: "Welcome to the admin dashboard" });
        onSignedIn(session);
      },
      (error: unknown) => {
        setPending(false);
        toast({ title: "Login failed", description: signInFailure(error), variant: "destructive" });
      },
    );
  };

  return (
    <main className={classes.page}>
      <Paper className={classes.card} shadow="sm" radius="lg" p={{ base: "lg", sm: "xl" }} withBorder>
        <Stack gap="lg">
          <div>
            <Text className={classes.eyebrow}>The Heritage Tearoom</Text>
            <Title order={1} size="h2" className={classes.title}>
              Admin Login
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              Sign in to manage bookings, prices, enquiries and settings.
            </Text>
          </div>
          {sessionEnded && !signedIn ? (
            <Alert variant="light" color="sage" title="Please sign in again" role="status">
              Your earlier session has ended.
            </Alert>
          ) : null}
          <LoginForm onSubmit={submit} pending={pending || signedIn} demoHint={demoHint} />
        </Stack>
      </Paper>
    </main>
  );
}
