import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/helpers.js";

let s: TestServer;
let owner: string;
beforeAll(async () => {
  s = await startTestServer({ env: { RATE_LIMIT_MAX: "10000" } });
  owner = await s.login();
});
afterAll(async () => s.close());

const message = async (res: Response) => ((await res.json()) as { message: string }).message;
const as =
  (cookie: string) =>
  (path: string, init: { method?: string; json?: unknown } = {}) =>
    s.request(path, { ...init, cookie });

async function signIn(username: string, password: string): Promise<string> {
  const res = await s.request("/api/admin/login", { json: { username, password } });
  expect(res.status).toBe(200);
  return (res.headers.get("set-cookie") ?? "").split(";")[0]!;
}

let made = 0;
/** A fresh account made by the owner; its id, name and a signed-in cookie. */
async function newAccount(role: "owner" | "staff" = "staff") {
  const username = `person${++made}`;
  const res = await as(owner)("/api/staff-users", { json: { username, password: "long-enough-1", role } });
  expect(res.status).toBe(201);
  const user = await res.json();
  return { id: user.id as number, username, cookie: await signIn(username, "long-enough-1") };
}

const auditCount = async () => Number((await as(owner)("/api/audit-events?pageSize=1")).headers.get("x-total-count"));
const accounts = async () => (await (await as(owner)("/api/staff-users")).json()) as { id: number; username: string; role: string }[];

describe("R40 paths answer 401 without a session", () => {
  it.each([
    ["GET", "/api/staff-users"],
    ["POST", "/api/staff-users"],
    ["DELETE", "/api/staff-users/1"],
    ["POST", "/api/staff-users/1/password"],
    ["POST", "/api/admin/password"],
    ["GET", "/api/audit-events"],
    ["GET", "/api/bookings.csv?from=2027-06-01&to=2027-06-30"],
    ["GET", "/api/newsletters.csv"],
    ["GET", "/api/vouchers.csv"],
  ])("%s %s", async (method, path) => {
    const res = await s.request(path, { method, ...(method === "POST" ? { json: {} } : {}) });
    expect(res.status).toBe(401);
  });
});

describe("staff accounts", () => {
  it("the seeded account is the owner, and the session says so", async () => {
    expect(await (await as(owner)("/api/admin/session")).json()).toEqual({ username: "admin", role: "owner" });
    const list = await accounts();
    expect(list[0]).toMatchObject({ username: "admin", role: "owner" });
    expect(JSON.stringify(list)).not.toMatch(/password|scrypt/i);
  });

  it("the owner adds a staff account that can sign in, and the record says who added whom, without the password", async () => {
    const res = await as(owner)("/api/staff-users", { json: { username: "mabel", password: "scones-and-jam" } });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ username: "mabel", role: "staff" });
    await signIn("mabel", "scones-and-jam");
    const [event] = await (await as(owner)("/api/audit-events?action=account.create&pageSize=1")).json();
    expect(event).toMatchObject({
      actor: "admin",
      action: "account.create",
      subject: "Account mabel",
      before: null,
      after: { username: "mabel", role: "staff" },
    });
    expect(JSON.stringify(event)).not.toContain("scones-and-jam");
  });

  it.each([
    [{ username: "x", password: "long-enough-1" }, /^username: /],
    [{ username: "has space", password: "long-enough-1" }, /^username: /],
    [{ username: "newbie", password: "short" }, /^password: Use at least 8 characters/],
    [{ username: "newbie", password: "tearoom-demo" }, /^password: Choose your own password/],
    [{ username: "newbie", password: "long-enough-1", role: "boss" }, /^role: /],
    [{ username: "newbie" }, /^password: /],
  ])("refuses %j with 400 and writes nothing", async (json, expected) => {
    const before = [await accounts(), await auditCount()];
    const res = await as(owner)("/api/staff-users", { json });
    expect(res.status).toBe(400);
    expect(await message(res)).toMatch(expected);
    expect([await accounts(), await auditCount()]).toEqual(before);
  });

  it("refuses a username already taken, in any case (409)", async () => {
    const before = (await accounts()).length;
    const res = await as(owner)("/api/staff-users", { json: { username: "ADMIN", password: "long-enough-1" } });
    expect(res.status).toBe(409);
    expect(await message(res)).toBe("username: admin already has an account");
    expect((await accounts()).length).toBe(before);
  });

  it("a staff-role session gets 403 on every account path, and nothing changes", async () => {
    const staff = await newAccount();
    const target = await newAccount();
    const before = [await accounts(), await auditCount()];
    for (const [method, path, json] of [
      ["GET", "/api/staff-users", undefined],
      ["POST", "/api/staff-users", { username: "sneaky", password: "long-enough-1", role: "owner" }],
      ["DELETE", `/api/staff-users/${target.id}`, undefined],
      ["POST", `/api/staff-users/${target.id}/password`, { password: "taken-over-1" }],
    ] as const) {
      const res = await as(staff.cookie)(path, { method, ...(json ? { json } : {}) });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(await message(res)).toBe("Only the owner can manage staff accounts.");
    }
    expect([await accounts(), await auditCount()]).toEqual(before);
    await signIn(target.username, "long-enough-1");
  });

  it("staff still see the Activity list and change their own password", async () => {
    const staff = await newAccount();
    expect((await as(staff.cookie)("/api/audit-events")).status).toBe(200);
    const res = await as(staff.cookie)("/api/admin/password", { json: { currentPassword: "long-enough-1", newPassword: "a-new-secret-2" } });
    expect(res.status).toBe(200);
    await signIn(staff.username, "a-new-secret-2");
  });

  it("the owner removes an account: it is signed out at once and recorded", async () => {
    const gone = await newAccount();
    const res = await as(owner)(`/api/staff-users/${gone.id}`, { method: "DELETE" });
    expect(res.status).toBe(200);
    expect((await as(gone.cookie)("/api/audit-events")).status).toBe(401);
    expect((await s.request("/api/admin/login", { json: { username: gone.username, password: "long-enough-1" } })).status).toBe(401);
    const [event] = await (await as(owner)("/api/audit-events?action=account.delete&pageSize=1")).json();
    expect(event).toMatchObject({ actor: "admin", subject: `Account ${gone.username}`, before: { username: gone.username, role: "staff" }, after: null });
  });

  it("refuses removing an unknown account (404), a malformed id (400), or the owner's own account (409)", async () => {
    const before = [await accounts(), await auditCount()];
    expect((await as(owner)("/api/staff-users/99999", { method: "DELETE" })).status).toBe(404);
    expect((await as(owner)("/api/staff-users/abc", { method: "DELETE" })).status).toBe(400);
    const self = await as(owner)("/api/staff-users/1", { method: "DELETE" });
    expect(self.status).toBe(409);
    expect(await message(self)).toBe("You cannot remove your own account.");
    expect([await accounts(), await auditCount()]).toEqual(before);
  });

  it("a second owner may remove the first, but never the last owner", async () => {
    const second = await newAccount("owner");
    const third = await newAccount("owner");
    // Third removes second; then third alone cannot be removed by anyone (only itself, which is refused).
    expect((await as(third.cookie)(`/api/staff-users/${second.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await as(third.cookie)(`/api/staff-users/${third.id}`, { method: "DELETE" })).status).toBe(409);
    expect((await accounts()).some((a) => a.id === third.id)).toBe(true);
  });

  it("the owner resets a password: the old one and the account's sessions stop working", async () => {
    const target = await newAccount();
    const res = await as(owner)(`/api/staff-users/${target.id}/password`, { json: { password: "fresh-start-3" } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: target.id, username: target.username });
    expect((await as(target.cookie)("/api/audit-events")).status).toBe(401);
    expect((await s.request("/api/admin/login", { json: { username: target.username, password: "long-enough-1" } })).status).toBe(401);
    await signIn(target.username, "fresh-start-3");
    const [event] = await (await as(owner)("/api/audit-events?action=account.password-reset&pageSize=1")).json();
    expect(event).toMatchObject({ actor: "admin", subject: `Account ${target.username}`, before: null, after: null });
    expect(JSON.stringify(event)).not.toContain("fresh-start-3");
  });

  it("refuses a reset for an unknown id (404), a bad password (400) or one's own account (409), writing nothing", async () => {
    const target = await newAccount();
    const before = await auditCount();
    expect((await as(owner)("/api/staff-users/99999/password", { json: { password: "fresh-start-3" } })).status).toBe(404);
    const short = await as(owner)(`/api/staff-users/${target.id}/password`, { json: { password: "short" } });
    expect(short.status).toBe(400);
    expect(await message(short)).toBe("password: Use at least 8 characters");
    expect((await as(owner)("/api/staff-users/1/password", { json: { password: "fresh-start-3" } })).status).toBe(409);
    expect(await auditCount()).toBe(before);
    await signIn(target.username, "long-enough-1");
  });
});

describe("POST /api/admin/password", () => {
  it("needs the current password; a wrong one or a bad new one is 400 and changes nothing", async () => {
    const me = await newAccount();
    const before = await auditCount();
    const wrong = await as(me.cookie)("/api/admin/password", { json: { currentPassword: "not-it-at-all", newPassword: "another-one-4" } });
    expect(wrong.status).toBe(400);
    expect(await message(wrong)).toBe("currentPassword: Your current password is not right");
    const demo = await as(me.cookie)("/api/admin/password", { json: { currentPassword: "long-enough-1", newPassword: "tearoom-demo" } });
    expect(demo.status).toBe(400);
    expect((await as(me.cookie)("/api/admin/password", { json: { newPassword: "another-one-4" } })).status).toBe(400);
    expect(await auditCount()).toBe(before);
    await signIn(me.username, "long-enough-1");
  });

  it("counts wrong current passwords as failed sign-ins: the sixth guess is 429 even with the right one (R25)", async () => {
    const me = await newAccount();
    for (let i = 0; i < 5; i++) {
      expect((await as(me.cookie)("/api/admin/password", { json: { currentPassword: `guess-${i}-wrong`, newPassword: "another-one-4" } })).status).toBe(400);
    }
    const blocked = await as(me.cookie)("/api/admin/password", { json: { currentPassword: "long-enough-1", newPassword: "another-one-4" } });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    s.clock.now = new Date(s.clock.now.getTime() + 16 * 60 * 1000);
    // The session is idle past R1's limit only after two hours; fifteen minutes later the right password works.
    expect((await as(me.cookie)("/api/admin/password", { json: { currentPassword: "long-enough-1", newPassword: "another-one-4" } })).status).toBe(200);
  });

  it("ends the account's other sessions and keeps this one", async () => {
    const me = await newAccount();
    const other = await signIn(me.username, "long-enough-1");
    const res = await as(me.cookie)("/api/admin/password", { json: { currentPassword: "long-enough-1", newPassword: "another-one-4" } });
    expect(res.status).toBe(200);
    expect((await as(me.cookie)("/api/admin/session")).status).toBe(200);
    expect((await as(other)("/api/admin/session")).status).toBe(401);
    const [event] = await (await as(owner)(`/api/audit-events?actor=${me.username}`)).json();
    expect(event).toMatchObject({ action: "account.password-change", subject: `Account ${me.username}` });
  });
});

describe("GET /api/audit-events", () => {
  it("records a price change with before → after, newest first, and filters by actor and action", async () => {
    const staff = await newAccount();
    const created = await (
      await as(staff.cookie)("/api/pricing", { json: { name: "Cream tea", itemType: "traditional-afternoon-tea", price: 12.5, isActive: false } })
    ).json();
    await as(staff.cookie)(`/api/pricing/${created.id}`, {
      method: "PATCH",
      json: { name: "Cream tea", itemType: "traditional-afternoon-tea", price: 14, isActive: false },
    });
    const res = await as(owner)(`/api/audit-events?actor=${staff.username}`);
    expect(res.headers.get("x-total-count")).toBe("2");
    const [update, create] = await res.json();
    expect(update).toEqual({
      at: expect.any(String),
      actor: staff.username,
      action: "pricing.update",
      subject: `Pricing item ${created.id} (Cream tea)`,
      before: { name: "Cream tea", itemType: "traditional-afternoon-tea", price: 1250, isActive: false },
      after: { name: "Cream tea", itemType: "traditional-afternoon-tea", price: 1400, isActive: false },
    });
    expect(create).toMatchObject({ action: "pricing.create", before: null });
    const byAction = await (await as(owner)(`/api/audit-events?actor=${staff.username}&action=pricing.create`)).json();
    expect(byAction).toHaveLength(1);
  });

  it("records settings, subscriptions and enquiries changed by staff", async () => {
    const staff = await newAccount();
    const patch = await as(staff.cookie)("/api/booking-settings/afternoon_tea_covers_per_slot", { method: "PATCH", json: { value: "20" } });
    expect(patch.status).toBe(200);
    const [event] = await (await as(owner)(`/api/audit-events?actor=${staff.username}&action=setting.update`)).json();
    expect(event).toMatchObject({ subject: "Setting afternoon_tea_covers_per_slot", before: { value: "24" }, after: { value: "20" } });
    await s.request("/api/contact", { json: { name: "Ada", email: "ada@example.com", enquiryType: "general-enquiry", message: "Hello there, a question." } });
    const [enquiry] = await (await as(owner)("/api/inquiries")).json();
    await as(staff.cookie)(`/api/inquiries/resolve/${enquiry.id}`, { method: "POST", json: {} });
    // Resolving again changes nothing and records nothing.
    await as(staff.cookie)(`/api/inquiries/resolve/${enquiry.id}`, { method: "POST", json: {} });
    const resolved = await (await as(owner)(`/api/audit-events?actor=${staff.username}&action=inquiry.resolve`)).json();
    expect(resolved).toEqual([expect.objectContaining({ subject: `Enquiry ${enquiry.id}`, before: { isResolved: false }, after: { isResolved: true } })]);
    const now = "2027-06-01T10:00:00.000Z";
    await s.ctx.db
      .insertInto("newsletter_subscriptions")
      .values({
        email: "switch@example.com",
        first_name: null,
        last_name: null,
        is_active: 1,
        source: "footer",
        consent_at: now,
        unsubscribe_token: "tok-switch",
        created_at: now,
        confirm_token_hash: null,
        confirm_sent_at: null,
      })
      .execute();
    const [sub] = await (await as(owner)("/api/newsletters?search=switch")).json();
    await as(staff.cookie)(`/api/newsletters/${sub.id}/status`, { method: "PATCH", json: { isActive: false } });
    await as(staff.cookie)(`/api/newsletters/${sub.id}`, { method: "DELETE" });
    const subs = await (await as(owner)(`/api/audit-events?actor=${staff.username}`)).json();
    expect(subs.slice(0, 2)).toEqual([
      expect.objectContaining({ action: "newsletter.delete", subject: `Subscriber ${sub.id}`, before: { isActive: false, source: "footer" }, after: null }),
      expect.objectContaining({ action: "newsletter.status", subject: `Subscriber ${sub.id}`, before: { isActive: true }, after: { isActive: false } }),
    ]);
    // The record keeps no guest's address.
    expect(JSON.stringify(subs)).not.toContain("switch@example.com");
  });

  it("a refused change records nothing", async () => {
    const before = await auditCount();
    expect(
      (await as(owner)("/api/pricing/99999", { method: "PATCH", json: { name: "X", itemType: "traditional-afternoon-tea", price: 5, isActive: false } }))
        .status,
    ).toBe(404);
    expect((await as(owner)("/api/booking-settings/afternoon_tea_covers_per_slot", { method: "PATCH", json: { value: "" } })).status).toBe(400);
    expect((await as(owner)("/api/newsletters/99999", { method: "DELETE" })).status).toBe(404);
    expect(await auditCount()).toBe(before);
  });

  it("pages with X-Total-Count and refuses bad paging or filters with 400", async () => {
    const total = await auditCount();
    expect(total).toBeGreaterThan(3);
    const page2 = await as(owner)("/api/audit-events?page=2&pageSize=2");
    expect(page2.headers.get("x-total-count")).toBe(String(total));
    expect(await page2.json()).toHaveLength(2);
    for (const query of ["page=0", "pageSize=500", "action=DROP TABLE", `actor=${"x".repeat(101)}`]) {
      const res = await as(owner)(`/api/audit-events?${query}`);
      expect(res.status, query).toBe(400);
      expect(await message(res)).toMatch(/^\w+: /);
    }
  });
});

describe("CSV exports", () => {
  beforeAll(async () => {
    const now = "2027-06-01T10:00:00.000Z";
    await s.ctx.db
      .insertInto("bookings")
      .values([
        {
          reference: "TR-CSV001",
          type: "afternoon-tea",
          status: "confirmed",
          name: '=HYPERLINK("http://evil")',
          email: "+ada@example.com",
          phone: "-1",
          date: "2027-06-10",
          time: "13:00",
          guests: 2,
          tea_type: "traditional",
          dining_preference: null,
          hamper_type: null,
          dietary_requirements: '@nuts, "no" gluten',
          garden_spot_id: null,
          include_wine: 0,
          special_requests: "line one\nline two",
          amount_pence: 5990,
          payment_reference: null,
          hold_expires_at: null,
          source: "admin",
          created_at: now,
          updated_at: now,
          client_key: null,
          table_label: "=T4",
        },
        {
          reference: "TR-CSV002",
          type: "afternoon-tea",
          status: "confirmed",
          name: "Outside range",
          email: "out@example.com",
          phone: "07700 900123",
          date: "2027-07-10",
          time: "13:00",
          guests: 2,
          tea_type: "traditional",
          dining_preference: null,
          hamper_type: null,
          dietary_requirements: null,
          garden_spot_id: null,
          include_wine: 0,
          special_requests: null,
          amount_pence: null,
          payment_reference: null,
          hold_expires_at: null,
          source: "admin",
          created_at: now,
          updated_at: now,
          client_key: null,
        },
      ])
      .execute();
    await s.ctx.db
      .insertInto("newsletter_subscriptions")
      .values([
        {
          email: "=cmd@example.com",
          first_name: "\tTab",
          last_name: "\rReturn",
          is_active: 1,
          source: "footer",
          consent_at: now,
          unsubscribe_token: "tok-1",
          created_at: now,
          confirm_token_hash: null,
          confirm_sent_at: null,
        },
        {
          email: "inactive@example.com",
          first_name: null,
          last_name: null,
          is_active: 0,
          source: "footer",
          consent_at: null,
          unsubscribe_token: "tok-2",
          created_at: now,
          confirm_token_hash: null,
          confirm_sent_at: null,
        },
      ])
      .execute();
    await s.ctx.db
      .insertInto("gift_vouchers")
      .values({
        voucher_type: "monetary",
        voucher_code: "TEA-CSV1",
        price_text: "£50",
        price_pence: 5000,
        people: null,
        recipient_name: "@Bob",
        recipient_email: "bob@example.com",
        sender_name: "Ann, Smith",
        sender_email: "ann@example.com",
        message: "-2+3",
        is_redeemed: 0,
        remaining: 5000,
        payment_reference: null,
        created_at: now,
        expiry_date: "2028-06-01",
      })
      .execute();
  });

  it("bookings in the date range, as a named CSV download, with formula cells neutralised and quoted", async () => {
    const res = await as(owner)("/api/bookings.csv?from=2027-06-01&to=2027-06-30");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="bookings-2027-06-01-to-2027-06-30.csv"');
    const text = await res.text();
    const lines = text.split("\r\n");
    expect(lines[0]).toMatch(
      /^Reference,Type,Status,Date,Time,Guests,Name,Email,Phone,.*,Created at,Table,Visit status,Card paid \(GBP\),Voucher part \(GBP\),Refunded \(GBP\),Net \(GBP\)$/,
    );
    expect(text).toContain(`TR-CSV001,afternoon-tea,confirmed,2027-06-10,13:00,2,"'=HYPERLINK(""http://evil"")",'+ada@example.com,'-1,`);
    expect(text).toContain(`"'@nuts, ""no"" gluten","line one\nline two",59.90,admin`);
    // The table (issue 31) comes next, its formula neutralised too; then the visit and the money (R54), nothing paid here.
    expect(lines[1]).toMatch(/,admin,2027-06-01T10:00:00\.000Z,'=T4,confirmed,0\.00,0\.00,0\.00,0\.00$/);
    expect(text).not.toContain("TR-CSV002");
  });

  it.each([
    ["", /^from: /],
    ["from=2027-06-01", /^to: /],
    ["from=2027-02-30&to=2027-03-01", /^from: /],
    ["from=2027-06-30&to=2027-06-01", "to: to must be on or after from"],
    ["from=2027-01-01&to=2028-06-01", "to: A bookings export covers at most 366 days"],
  ])("bookings.csv?%s is 400", async (query, expected) => {
    const res = await as(owner)(`/api/bookings.csv?${query}`);
    expect(res.status).toBe(400);
    expect(await message(res)).toMatch(expected);
  });

  it("active subscribers only, tab and CR starts neutralised", async () => {
    const res = await as(owner)("/api/newsletters.csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="newsletter-subscribers-2027-06-02.csv"');
    const text = await res.text();
    expect(text).toContain(`'=cmd@example.com,'\tTab,"'\rReturn",footer`);
    expect(text).not.toContain("inactive@example.com");
  });

  it("vouchers with their status", async () => {
    const res = await as(owner)("/api/vouchers.csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(await res.text()).toContain(`TEA-CSV1,monetary,£50,'@Bob,bob@example.com,"Ann, Smith",ann@example.com,'-2+3,active,`);
  });

  it("staff-role accounts may export", async () => {
    const staff = await newAccount();
    expect((await as(staff.cookie)("/api/vouchers.csv")).status).toBe(200);
  });
});

describe("the OpenAPI document", () => {
  it("has every R40 path with its answers, the exports as text/csv", async () => {
    const doc = await (await s.request("/api/openapi.json")).json();
    const statuses = (path: string, method: string) => Object.keys(doc.paths[path][method].responses);
    expect(statuses("/api/staff-users", "get")).toEqual(expect.arrayContaining(["200", "401", "403"]));
    expect(statuses("/api/staff-users", "post")).toEqual(expect.arrayContaining(["201", "400", "401", "403", "409"]));
    expect(statuses("/api/staff-users/{id}", "delete")).toEqual(expect.arrayContaining(["200", "400", "401", "403", "404", "409"]));
    expect(statuses("/api/staff-users/{id}/password", "post")).toEqual(expect.arrayContaining(["200", "400", "401", "403", "404", "409"]));
    expect(statuses("/api/admin/password", "post")).toEqual(expect.arrayContaining(["200", "400", "401", "429"]));
    expect(statuses("/api/audit-events", "get")).toEqual(expect.arrayContaining(["200", "400", "401"]));
    for (const path of ["/api/bookings.csv", "/api/newsletters.csv", "/api/vouchers.csv"])
      expect(Object.keys(doc.paths[path].get.responses["200"].content)).toEqual(["text/csv"]);
    const create = doc.paths["/api/staff-users"].post.requestBody.content["application/json"].schema;
    expect(create.properties.role.enum).toEqual(["owner", "staff"]);
    const query = (doc.paths["/api/audit-events"].get.parameters as { name: string }[]).map((p) => p.name);
    expect(query).toEqual(expect.arrayContaining(["actor", "action", "page", "pageSize"]));
  });
});
