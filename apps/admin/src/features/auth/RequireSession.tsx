import { Navigate, Outlet, useLocation } from "react-router";
import { FullPageMessage } from "../common/FullPageMessage";
import { loginPathFor } from "./redirect";
import { useSession } from "./session";

/**
 * Lets staff screens render only with a live server session (R1); otherwise sends the visitor to
 * sign in, remembering where they were. A 401 from any call empties the session, landing here.
 */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <FullPageMessage loading title="Checking your session…" />;
  if (session.isError) {
    return (
      <FullPageMessage title="We could not reach the server" action={{ label: "Try again", onClick: () => void session.refetch() }}>
        Please check your connection and try again.
      </FullPageMessage>
    );
  }
  if (!session.data) return <Navigate to={loginPathFor(location)} replace />;
  return <Outlet />;
}
