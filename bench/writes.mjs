// Booking writes: POST /api/bookings sustained for 10 s (synchronous=FULL), then a check that every
// 2xx answer is in the database and no slot is over capacity.
import autocannon from "autocannon";
import { createRequire } from "node:module";
import { join } from "node:path";
import { root } from "./lib.mjs";

const require = createRequire(join(root, "apps/api/package.json"));
const Database = require("better-sqlite3");

const EXTRA = { afternoonTea: { teaType: "traditional" }, table: { diningPreference: "lunch" }, picnicHamper: { hamperType: "standard" } };
const CAPACITY_KEY = { afternoonTea: "afternoon_tea_covers_per_slot", table: "table_covers_per_slot", picnicHamper: "picnic_hamper_covers_per_slot" };

/** Every open slot with room over the next months, from the public availability endpoint. */
async function openSlots(base) {
  const targets = [];
  for (let day = 1; day <= 200; day++) {
    const date = new Date(Date.now() + day * 86400_000).toISOString().slice(0, 10);
    for (const type of Object.keys(EXTRA)) {
      const res = await fetch(`${base}/api/availability?type=${type}&date=${date}`);
      if (!res.ok) continue;
      const body = await res.json();
      for (const s of body.slots ?? []) if (s.remaining > 0) for (let i = 0; i < s.remaining; i++) targets.push({ type, date, time: s.time });
    }
  }
  // Interleave so concurrent requests spread over slots yet still fill some of them.
  return targets.sort(() => Math.random() - 0.5);
}

export async function benchWrites({ base, env, add }) {
  const targets = await openSlots(base);
  let next = 0;
  const accepted = [];
  // 2 s of the same load unmeasured first (its 2xx answers are checked too), so the 10 s measured
  // are a server in service rather than its first second of compiling the write path.
  const post = (duration, onAccepted) =>
    new Promise((resolve, reject) => {
      autocannon(
        {
          url: base,
          connections: 50,
          duration,
          requests: [
            {
              method: "POST",
              path: "/api/bookings",
              headers: { "content-type": "application/json" },
              setupRequest: (req) => {
                const n = next++;
                const t = targets[n % targets.length];
                // Each booking from a visitor of its own, as a site behind its proxy sees a rush
                // (run.mjs sets TRUST_PROXY): R23 allows one address only a few requests a day.
                req.headers["x-forwarded-for"] = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
                req.body = JSON.stringify({
                  type: t.type,
                  date: t.date,
                  time: t.time,
                  guests: 1,
                  name: "Bench Guest",
                  email: "bench@example.com",
                  phone: "01234 567890",
                  ...EXTRA[t.type],
                });
                return req;
              },
              onResponse: (status, body) => {
                if (status >= 200 && status < 300) onAccepted(JSON.parse(body).reference);
              },
            },
          ],
        },
        (err, res) => (err ? reject(err) : resolve(res)),
      );
    });
  const warmUp = [];
  await post(2, (ref) => warmUp.push(ref));
  const result = await post(10, (ref) => accepted.push(ref));
  const perSecond = accepted.length / 10;
  add("POST /api/bookings accepted/s (10 s)", perSecond, "req/s", "≥ 2000", perSecond >= 2000);
  add("POST /api/bookings p99", result.latency.p99, "ms", "< 50", result.latency.p99 < 50);

  const db = new Database(env.DATABASE_URL, { readonly: true });
  const has = db.prepare("SELECT 1 FROM bookings WHERE reference = ? AND status != 'cancelled'");
  const missing = [...warmUp, ...accepted].filter((ref) => !has.get(ref)).length;
  add("2xx bookings missing from the database", missing, "rows", "= 0", missing === 0);
  const settings = Object.fromEntries(
    db
      .prepare("SELECT setting_key, setting_value FROM booking_settings")
      .all()
      .map((r) => [r.setting_key, Number(r.setting_value)]),
  );
  const over = db
    .prepare("SELECT type, date, time, SUM(guests) AS guests FROM bookings WHERE status != 'cancelled' AND type != 'secretGarden' GROUP BY type, date, time")
    .all()
    .filter((r) => r.guests > (settings[CAPACITY_KEY[r.type]] ?? Infinity)).length;
  add("slots over capacity after the load", over, "slots", "= 0", over === 0);
  db.close();
}
