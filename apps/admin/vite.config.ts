import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { defineConfig, loadEnv } from "vite";
import { routeList } from "./build/route-list";
import { ADMIN_BASENAME } from "./src/route-paths";

// The built app lives under /admin/ on the admin host (R18); in development the API runs on its PORT
// (3000 unless the repository's .env or the shell says otherwise).
export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, fileURLToPath(new URL("../..", import.meta.url)), "");
  const api = env.API_ORIGIN || `http://127.0.0.1:${env.PORT || 3000}`;
  return {
    base: `${ADMIN_BASENAME}/`,
    plugins: [react(), routeList()],
    server: {
      port: Number(env.ADMIN_PORT || 5174),
      proxy: { "/api": { target: api, changeOrigin: false } },
    },
    preview: { port: Number(env.ADMIN_PORT || 4174), proxy: { "/api": api } },
    build: {
      target: "es2022",
      cssCodeSplit: true,
      assetsInlineLimit: 2048,
    },
  };
});
