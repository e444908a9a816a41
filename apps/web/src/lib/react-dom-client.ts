// React DOM's client, imported by main.tsx on its own so that its chunk is evaluated in a task of
// its own; scripts/prerender.mjs preloads the chunk with every page by this module's path.
export { createRoot, hydrateRoot } from "react-dom/client";
