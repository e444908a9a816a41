import { DEMO_STAFF } from "@tearoom/domain";
import { describe, expect, it } from "vitest";
import { EnvError, loadEnv } from "./env.js";

const STRIPE_KEYS = { STRIPE_SECRET_KEY: "sk_test_x", STRIPE_PUBLISHABLE_KEY: "pk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x" };
const PRODUCTION = { NODE_ENV: "production", ADMIN_USERNAME: "manager", ADMIN_PASSWORD: "long-enough" };

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
      HOST: "127.0.0.1",
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

  it("listens on 127.0.0.1 with the demo staff login unless HOST is set, and as configured otherwise (R43)", () => {
    const OWN_STAFF = { ADMIN_USERNAME: "manager", ADMIN_PASSWORD: "long-enough" };
    // The demo: no staff login of its own, not production (the published pair is seeded).
    expect(loadEnv({}).HOST).toBe("127.0.0.1");
    expect(loadEnv({ NODE_ENV: "test" }).HOST).toBe("127.0.0.1");
    expect(loadEnv({ HOST: "" }).HOST).toBe("127.0.0.1");
    expect(loadEnv({ HOST: "0.0.0.0" }).HOST).toBe("0.0.0.0");
    expect(loadEnv({ HOST: "::" }).HOST).toBe("::");
    // Its own staff login, or production: listens as configured, on every interface by default.
    expect(loadEnv(OWN_STAFF).HOST).toBe("0.0.0.0");
    expect(loadEnv({ ...PRODUCTION, ...STRIPE_KEYS }).HOST).toBe("0.0.0.0");
    expect(loadEnv({ ...PRODUCTION, PAYMENT_PROVIDER: "demo" }).HOST).toBe("0.0.0.0");
    expect(loadEnv({ ...PRODUCTION, ...STRIPE_KEYS, HOST: "10.0.0.5" }).HOST).toBe("10.0.0.5");
  });

  it("sets Secure cookies only in production on an https PUBLIC_ORIGIN (R1, R43)", () => {
    expect(loadEnv({ ...PRODUCTION, ...STRIPE_KEYS, PUBLIC_ORIGIN: "https://tearoom.example.co.uk" }).secureCookies).toBe(true);
    expect(loadEnv({ ...PRODUCTION, ...STRIPE_KEYS, PUBLIC_ORIGIN: "http://tearoom.example.co.uk" }).secureCookies).toBe(false);
    expect(loadEnv({ ...PRODUCTION, ...STRIPE_KEYS }).secureCookies).toBe(false);
    expect(loadEnv({ PUBLIC_ORIGIN: "https://tearoom.example.co.uk" }).secureCookies).toBe(false);
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

  it("takes a metrics token of 16 characters or more, or none (then GET /metrics does not exist)", () => {
    expect(loadEnv({}).METRICS_TOKEN).toBeUndefined();
    expect(loadEnv({ METRICS_TOKEN: "" }).METRICS_TOKEN).toBeUndefined();
    expect(loadEnv({ METRICS_TOKEN: "0123456789abcdef" }).METRICS_TOKEN).toBe("0123456789abcdef");
    expect(problems({ METRICS_TOKEN: "short" })).toEqual(["METRICS_TOKEN: Use at least 16 characters (e.g. openssl rand -hex 32)"]);
    expect(problems({ METRICS_TOKEN: "has a space in the middle" })).toEqual(["METRICS_TOKEN: Use letters, digits and punctuation only (no spaces)"]);
  });

  it("refuses production without staff credentials (R2)", () => {
    expect(problems({ NODE_ENV: "production", PAYMENT_PROVIDER: "demo" })).toEqual([
      "ADMIN_USERNAME: Required in production (R2: no demo login in production)",
      "ADMIN_PASSWORD: Required in production (R2: no demo login in production)",
    ]);
    const env = loadEnv({
      NODE_ENV: "production",
      ADMIN_USERNAME: "manager",
      ADMIN_PASSWORD: "long-enough",
      PUBLIC_ORIGIN: "https://tearoom.example.co.uk",
      ...STRIPE_KEYS,
    });
    expect(env.secureCookies).toBe(true);
    expect(
      loadEnv({ NODE_ENV: "production", ADMIN_USERNAME: "m", ADMIN_PASSWORD: "long-enough", PUBLIC_ORIGIN: "http://127.0.0.1:3900", ...STRIPE_KEYS })
        .secureCookies,
    ).toBe(false);
  });

  it("refuses the demo password as the production password (R22)", () => {
    expect(problems({ NODE_ENV: "production", ADMIN_USERNAME: "admin", ADMIN_PASSWORD: DEMO_STAFF.password, ...STRIPE_KEYS })).toEqual([
      "ADMIN_PASSWORD: Choose your own password: this one is the demo's, published on the login page (R22)",
    ]);
    // Outside production the demo pair may be configured on purpose.
    expect(loadEnv({ ADMIN_USERNAME: "admin", ADMIN_PASSWORD: DEMO_STAFF.password }).ADMIN_PASSWORD).toBe(DEMO_STAFF.password);
  });

  it("wants the database in a file", () => {
    for (const url of [":memory:", "file::memory:", "file:shared?mode=memory"]) {
      expect(problems({ DATABASE_URL: url })).toEqual([
        "DATABASE_URL: Use a file path such as ./data/tearoom.sqlite (an in-memory database cannot be shared with the writer thread)",
      ]);
    }
    expect(loadEnv({ DATABASE_URL: "file:./data/other.sqlite" }).databaseFile).toBe("./data/other.sqlite");
    expect(loadEnv({ DATABASE_URL: "file:./data/other.sqlite" }).postgresUrl).toBeNull();
  });

  it("selects PostgreSQL for a postgres:// or postgresql:// DATABASE_URL, and SQLite for anything else (decision 021)", () => {
    for (const url of ["postgres://tearoom@db.internal:5432/tearoom", "postgresql://tearoom:secret@10.0.0.5/tearoom", "POSTGRES://db/tearoom"]) {
      expect(loadEnv({ DATABASE_URL: url })).toMatchObject({ postgresUrl: url, databaseFile: "" });
    }
    expect(loadEnv({ DATABASE_URL: "./postgres/tearoom.sqlite" })).toMatchObject({ postgresUrl: null, databaseFile: "./postgres/tearoom.sqlite" });
    expect(loadEnv({}).postgresUrl).toBeNull();
  });

  it("hashes new passwords at OWASP's scrypt cost unless told otherwise, and never below it in production", () => {
    expect(loadEnv({}).SCRYPT_COST).toBe(17);
    expect(loadEnv({ NODE_ENV: "test", SCRYPT_COST: "10" }).SCRYPT_COST).toBe(10);
    expect(problems({ SCRYPT_COST: "9" })).toEqual(["SCRYPT_COST: Use 10 or more"]);
    expect(problems({ ...PRODUCTION, ...STRIPE_KEYS, SCRYPT_COST: "12" })).toEqual([
      "SCRYPT_COST: Use 17 or more in production (OWASP's scrypt cost); lower costs are for tests",
    ]);
    expect(problems({ ...PRODUCTION, ...STRIPE_KEYS, SCRYPT_COST: "18" })).toEqual([]);
  });

  it("wants Stripe keys all together, and both staff values together", () => {
    expect(problems({ STRIPE_SECRET_KEY: "sk_test_x" })[0]).toMatch(/^STRIPE_SECRET_KEY: Set all three/);
    expect(problems({ ADMIN_USERNAME: "manager" })).toEqual(["ADMIN_PASSWORD: Set both ADMIN_USERNAME and ADMIN_PASSWORD, or neither"]);
    expect(
      loadEnv({ STRIPE_SECRET_KEY: "sk", STRIPE_PUBLISHABLE_KEY: "pk", STRIPE_WEBHOOK_SECRET: "whsec", SMTP_URL: "smtp://mail.example.com:587" }),
    ).toMatchObject({ payments: "stripe", email: "smtp" });
  });

  it("chooses the payment provider from PAYMENT_PROVIDER, else from the Stripe keys (R7, R22)", () => {
    expect(loadEnv({}).payments).toBe("demo");
    expect(loadEnv(STRIPE_KEYS).payments).toBe("stripe");
    expect(loadEnv({ PAYMENT_PROVIDER: "demo", ...STRIPE_KEYS }).payments).toBe("demo");
    expect(loadEnv({ PAYMENT_PROVIDER: "stripe", ...STRIPE_KEYS }).payments).toBe("stripe");
    expect(loadEnv({ PAYMENT_PROVIDER: "" }).payments).toBe("demo");
    expect(problems({ PAYMENT_PROVIDER: "paypal" })).toEqual(["PAYMENT_PROVIDER: Use stripe or demo"]);
  });

  it("refuses PAYMENT_PROVIDER=stripe without the Stripe keys, in any mode", () => {
    for (const mode of ["development", "test", "production"]) {
      expect(problems({ ...PRODUCTION, NODE_ENV: mode, PAYMENT_PROVIDER: "stripe" }), mode).toEqual([
        "PAYMENT_PROVIDER: stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET",
      ]);
    }
  });

  it("refuses production without Stripe keys unless the demo provider is chosen on purpose (R22)", () => {
    const refusal = "production needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET, or PAYMENT_PROVIDER=demo to take no real payments";
    expect(problems(PRODUCTION)).toEqual([refusal]);
    expect(problems({ ...PRODUCTION, STRIPE_SECRET_KEY: "", STRIPE_PUBLISHABLE_KEY: " " })).toEqual([refusal]);
    expect(loadEnv({ ...PRODUCTION, PAYMENT_PROVIDER: "demo" })).toMatchObject({ isProduction: true, payments: "demo" });
    expect(loadEnv({ ...PRODUCTION, ...STRIPE_KEYS })).toMatchObject({ isProduction: true, payments: "stripe" });
    // Outside production the demo provider stays the default without keys.
    expect(loadEnv({ ...PRODUCTION, NODE_ENV: "development" }).payments).toBe("demo");
  });

  it("reports a refusal on one line naming what to set", () => {
    let error: unknown;
    try {
      loadEnv(PRODUCTION);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(EnvError);
    const summary = (error as EnvError).summary;
    expect(summary).toBe(
      "Refusing to start: production needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET, or PAYMENT_PROVIDER=demo to take no real payments",
    );
    expect(new EnvError(["PORT: Use a port number", "RATE_LIMIT_MAX: Use 1 or more"]).summary).toBe(
      "Refusing to start: PORT: Use a port number; RATE_LIMIT_MAX: Use 1 or more",
    );
    expect(summary).not.toContain("\n");
  });
});
