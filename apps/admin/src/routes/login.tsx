import { useQueryClient } from "@tanstack/react-query";
import { useNavigate, useSearchParams } from "react-router";
import { NEXT_PARAM, safeNext } from "../features/auth/redirect";
import { SignIn } from "../features/auth/SignIn";
import { useTRPC } from "../trpc";

/**
 * /admin/login inside the staff app: where a screen sends staff whose session has ended, and
 * where signing out lands. The page itself is the first view's (features/auth/SignIn.tsx); here
 * a sign-in fills the session query and opens the remembered screen.
 */
export default function LoginPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNext(params.get(NEXT_PARAM));
  return (
    <SignIn
      onSignedIn={(session) => {
        queryClient.setQueryData(trpc.auth.session.queryKey(), session);
        void navigate(next, { replace: true });
      }}
    />
  );
}
