import { defineConfig, devices } from "@playwright/test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// Every run starts the built server on a fresh database (R19), on loopback only.
const port = Number(process.env.E2E_PORT ?? 4100);
// Set once in the runner and inherited by the workers, so tests can read the server's data folder (the e-mail outbox).
export const dataDir = (process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), "tearoom-e2e-")));
export const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: "tests",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL,
    trace: "off",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--disable-quic",
        "--disable-sync",
      ],
    },
    timezoneId: "Europe/London",
    locale: "en-GB",
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: "node ../../apps/api/dist/server.js",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: join(dataDir, "tearoom.sqlite"),
      PUBLIC_ORIGIN: baseURL,
      ADMIN_HOST: "admin.localhost",
      RATE_LIMIT_MAX: "100000",
      // As behind a reverse proxy: the requests tests send to set up data come from visitors of
      // their own (support/visitors.ts); the browser's requests carry no X-Forwarded-For.
      TRUST_PROXY: "true",
      NODE_ENV: "test",
    },
  },
});
