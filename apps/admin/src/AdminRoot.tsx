import { Component, lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { NEXT_PARAM, safeNext } from "./features/auth/redirect";
import { SignIn } from "./features/auth/SignIn";
import type { StaffSession } from "./features/auth/sign-in-api";
import { FullPageMessage } from "./features/common/FullPageMessage";
import { ADMIN_BASENAME } from "./route-paths";

type StaffAppModule = typeof import("./StaffApp");
// Kept once fetched: a preloaded staff app is drawn at once, without a frame of "Loading…".
let staffApp: StaffAppModule | undefined;
const loadStaffApp = () => import("./StaffApp").then((module) => (staffApp = module));
const LazyStaffApp = lazy(loadStaffApp);

/** The sign-in page's address (the router's matching is case-sensitive, and so is this). */
const SIGN_IN = new RegExp(`^${ADMIN_BASENAME}/login/?$`);

/**
 * What the first view draws (decision 037): on /admin/login the sign-in page alone, with no
 * router, query cache or tRPC client; anywhere else, and once someone signs in, the staff app
 * from its own chunk, which the sign-in page starts loading as soon as it is drawn.
 */
export function AdminRoot() {
  const [onSignInPage] = useState(() => SIGN_IN.test(window.location.pathname));
  const [session, setSession] = useState<StaffSession | null>(null);
  if (onSignInPage && !session) return <FirstSignIn onSignedIn={setSession} />;
  const StaffApp = staffApp?.default ?? LazyStaffApp;
  return (
    <LoadFailure>
      <Suspense fallback={<FullPageMessage loading title="Loading…" />}>
        <StaffApp session={session ?? undefined} />
      </Suspense>
    </LoadFailure>
  );
}

function FirstSignIn({ onSignedIn }: { onSignedIn: (session: StaffSession) => void }) {
  const [next] = useState(() => safeNext(new URLSearchParams(window.location.search).get(NEXT_PARAM)));
  useEffect(() => {
    // After the page is drawn: the staff app, the layout and the screen to open, so signing in is quick.
    const timer = setTimeout(() => {
      void loadStaffApp().catch(() => undefined);
      void import("./router").then(
        (router) => router.preloadScreen(next),
        () => undefined,
      );
    }, 0);
    return () => clearTimeout(timer);
  }, [next]);
  return (
    <SignIn
      onSignedIn={(session) => {
        // The router starts at the address it finds, so it opens the remembered screen.
        window.history.replaceState(null, "", `${ADMIN_BASENAME}${next}`);
        onSignedIn(session);
      }}
    />
  );
}

/** The staff app's chunk could not be fetched (a new release, a dropped connection): offer a reload. */
class LoadFailure extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <FullPageMessage title="We could not load the admin" action={{ label: "Reload", onClick: () => window.location.reload() }}>
        Please check your connection and try again.
      </FullPageMessage>
    );
  }
}
