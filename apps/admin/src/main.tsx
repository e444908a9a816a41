import "@fontsource/lora/latin-400.css";
import "@fontsource/lora/latin-600.css";
import "@fontsource/playfair-display/latin-600.css";
import "./styles/mantine-login";
import "./styles/global.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router";
import { App } from "./App";
import { ADMIN_BASENAME } from "./route-paths";
import { routes } from "./router";
import { createAdminQueryClient, createAdminTrpcClient } from "./trpc";

// The admin host's root (and any stray path) opens the app at its own base.
if (!/^\/admin(\/|$)/.test(window.location.pathname)) window.history.replaceState(null, "", "/admin/dashboard");

const queryClient = createAdminQueryClient();
const trpcClient = createAdminTrpcClient();
// The app is served under /admin/ on the admin host (R18); routes below are relative to it.
const router = createBrowserRouter(routes, { basename: ADMIN_BASENAME });

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} trpcClient={trpcClient} />
  </StrictMode>,
);
