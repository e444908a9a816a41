import "@fontsource/lora/latin-400.css";
import "@fontsource/lora/latin-400-italic.css";
import "@fontsource/lora/latin-600.css";
import "@fontsource/playfair-display/latin-600.css";
import "@fontsource/playfair-display/latin-400-italic.css";
import "./styles/global.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App } from "./App";
import { createQueryClient } from "./lib/query-client";
import { SITE_QUERY_KEY } from "./features/site/site-data";

const queryClient = createQueryClient();
// Ask for the site data at once, in parallel with the first screen's code.
void queryClient.prefetchQuery({ queryKey: SITE_QUERY_KEY });

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App queryClient={queryClient} Router={BrowserRouter} />
  </StrictMode>,
);
