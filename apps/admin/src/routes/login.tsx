import { Alert, Paper, Stack, Text, Title } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminLogin } from "@tearoom/domain";
import { useToast } from "@tearoom/ui";
import { useState } from "react";
import { Navigate, useNavigate, useSearchParams } from "react-router";
import { LoginForm } from "../features/auth/LoginForm";
import { NEXT_PARAM, safeNext } from "../features/auth/redirect";
import { readAdminFlag, setAdminFlag, useSession } from "../features/auth/session";
import { useDocumentTitle } from "../features/common/useDocumentTitle";
import { errorMessage, isUnauthorized } from "../lib/errors";
import { useTRPC } from "../trpc";
import classes from "./login.module.css";

/** /admin/login: staff sign in against the server (R1); the demo hint only in demo mode (R2). */
export default function LoginPage() {
  useDocumentTitle("Admin login");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { toast } = useToast();
  const [params] = useSearchParams();
  const next = safeNext(params.get(NEXT_PARAM));
  const session = useSession();
  const demoHint = useQuery(trpc.auth.demoHint.queryOptions());
  // An earlier sign-in in this browser whose session has since ended (UI hint only, R1).
  const [sessionEnded] = useState(() => readAdminFlag());

  const login = useMutation(
    trpc.auth.login.mutationOptions({
      onSuccess: (data) => {
        setAdminFlag(true);
        queryClient.setQueryData(trpc.auth.session.queryKey(), data);
        toast({ title: "Login successful", description: "Welcome to the admin dashboard" });
        void navigate(next, { replace: true });
      },
      onError: (error) => {
        toast({
          title: "Login failed",
          description: isUnauthorized(error) ? "Invalid username or password" : errorMessage(error, "Invalid username or password"),
          variant: "destructive",
        });
      },
    }),
  );

  if (session.data && !login.isPending && !login.isSuccess) return <Navigate to={next} replace />;

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
          {sessionEnded && !session.data ? (
            <Alert variant="light" color="sage" title="Please sign in again" role="status">
              Your earlier session has ended.
            </Alert>
          ) : null}
          <LoginForm onSubmit={(values: AdminLogin) => login.mutate(values)} pending={login.isPending} demoHint={demoHint.data ?? null} />
        </Stack>
      </Paper>
    </main>
  );
}
