// Zod's eval probe is off before any schema loads (lib/zod-csp.ts); no zod code is in this chunk.
import "./lib/zod-csp";
import "@fontsource/lora/latin-400.css";
import "@fontsource/lora/latin-600.css";
import "@fontsource/playfair-display/latin-600.css";
import "./styles/mantine-login";
import "./styles/global.css";
import { TearoomProvider } from "@tearoom/ui";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { AdminRoot } from "./AdminRoot";

// The admin host's root (and any stray path) opens the app at its own base.
if (!/^\/admin(\/|$)/.test(window.location.pathname)) window.history.replaceState(null, "", "/admin/dashboard");

// Theme and toasts sit above everything, so a toast raised on the sign-in page stays on screen
// as the staff app takes over. Everything else is lazy (decision 037, docs/ARCHITECTURE.md).
createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <TearoomProvider>
      <AdminRoot />
    </TearoomProvider>
  </StrictMode>,
);
