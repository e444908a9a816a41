import { describe, expect, it } from "vitest";
import { EnvError, loadEnv } from "./env.js";

const problems = (source: Record<string, string>) => {
  try {
    loadEnv(source);
  } catch (err) {
    if (err instanceof EnvError) return err.problems;
    throw err;
  }
  return [];
};

describe("configuration", () => {
  it("has the documented defaults", () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: "0.0.0.0",
      DATABASE_URL: "./data/tearoom.sqlite",
      NODE_ENV: "development",
      PUBLIC_ORIGIN: "http://localhost:3000",
      ADMIN_HOST: "admin.localhost",
      RATE_LIMIT_MAX: 30,
      payments: "demo",
      email: "files",
      secureCookies: false,
    });
    expect(loadEnv({ PORT: "4100" }).PUBLIC_ORIGIN).toBe("http://localhost:4100");
  });

  it("treats empty values as unset (as .env.example leaves them)", () => {
    expect(loadEnv({ ADMIN_USERNAME: "", ADMIN_PASSWORD: "", SMTP_URL: "" }).ADMIN_USERNAME).toBeUndefined();
  });

  it("lists every problem readably", () => {
    expect(problems({ PORT: "eighty", RATE_LIMIT_MAX: "0", PUBLIC_ORIGIN: "localhost", ADMIN_HOST: "https://admin.example.com" })).toEqual([
      "PORT: Use a port number",
      "PUBLIC_ORIGIN: Use an origin such as https://www.example.co.uk",
      "ADMIN_HOST: Use a host name such as admin.example.co.uk (no scheme, no port)",
      "RATE_LIMIT_MAX: Use 1 or more",
    ]);
    expect(String(new EnvError(["PORT: Use a port number"]).message)).toBe("Invalid configuration:\n  - PORT: Use a port number");
  });

  it("refuses production without staff credentials (R2)", () => {
    expect(problems({ NODE_ENV: "production" })).toEqual([
      "ADMIN_USERNAME: Required in production (R2: no demo login in production)",
      "ADMIN_PASSWORD: Required in production (R2: no demo login in production)",
    ]);
    const env = loadEnv({ NODE_ENV: "production", ADMIN_USERNAME: "manager", ADMIN_PASSWORD: "long-enough", PUBLIC_ORIGIN: "https://tearoom.example.co.uk" });
    expect(env.secureCookies).toBe(true);
    expect(loadEnv({ NODE_ENV: "production", ADMIN_USERNAME: "m", ADMIN_PASSWORD: "long-enough", PUBLIC_ORIGIN: "http://127.0.0.1:3900" }).secureCookies).toBe(false);
  });

  it("wants the database in a file", () => {
    for (const url of [":memory:", "file::memory:", "file:shared?mode=memory"]) {
      expect(problems({ DATABASE_URL: url })).toEqual(["DATABASE_URL: Use a file path such as ./data/tearoom.sqlite (an in-memory database cannot be shared with the writer thread)"]);
    }
    expect(loadEnv({ DATABASE_URL: "file:./data/other.sqlite" }).databaseFile).toBe("./data/other.sqlite");
  });

  it("wants Stripe keys all together, and both staff values together", () => {
    expect(problems({ STRIPE_SECRET_KEY: "sk_test_x" })[0]).toMatch(/^STRIPE_SECRET_KEY: Set all three/);
    expect(problems({ ADMIN_USERNAME: "manager" })).toEqual(["ADMIN_PASSWORD: Set both ADMIN_USERNAME and ADMIN_PASSWORD, or neither"]);
    expect(loadEnv({ STRIPE_SECRET_KEY: "sk", STRIPE_PUBLISHABLE_KEY: "pk", STRIPE_WEBHOOK_SECRET: "whsec", SMTP_URL: "smtp://mail.example.com:587" })).toMatchObject({ payments: "stripe", email: "smtp" });
  });
});
