// Booking writes: POST /api/bookings sustained for 10 s (synchronous=FULL), then a check that every
// 2xx answer is in the database and the room held (R44): no area over its seats at any 15-minute
// step, no type over its pacing at any start time.
import autocannon from "autocannon";
import { createRequire } from "node:module";
import { join } from "node:path";
import { bookingRequest, openSlots, ROOM_QUERIES, roomOverflows } from "./booking-load.mjs";
import { root } from "./lib.mjs";

const require = createRequire(join(root, "apps/api/package.json"));
const Database = require("better-sqlite3");

export async function benchWrites({ base, env, add }) {
  const targets = await openSlots(base);
  const warmUp = [];
  const accepted = [];
  let sink = warmUp;
  // One request for both runs, so the measured one goes on to visitors and seats not yet used.
  const request = bookingRequest(targets, (ref) => sink.push(ref));
  // 2 s of the same load unmeasured first (its 2xx answers are checked too), so the 10 s measured
  // are a server in service rather than its first second of compiling the write path.
  const post = (duration) =>
    new Promise((resolve, reject) => {
      autocannon({ url: base, connections: 50, duration, requests: [request] }, (err, res) => (err ? reject(err) : resolve(res)));
    });
  await post(2);
  sink = accepted;
  const result = await post(10);
  const perSecond = accepted.length / 10;
  add("POST /api/bookings accepted/s (10 s)", perSecond, "req/s", "≥ 2000", perSecond >= 2000);
  add("POST /api/bookings p99", result.latency.p99, "ms", "< 50", result.latency.p99 < 50);

  const db = new Database(env.DATABASE_URL, { readonly: true });
  const has = db.prepare("SELECT 1 FROM bookings WHERE reference = ? AND status != 'cancelled'");
  const missing = [...warmUp, ...accepted].filter((ref) => !has.get(ref)).length;
  add("2xx bookings missing from the database", missing, "rows", "= 0", missing === 0);
  const room = roomOverflows(Object.fromEntries(Object.entries(ROOM_QUERIES).map(([name, sql]) => [name, db.prepare(sql).all()])));
  add("area steps over seats after the load", room.stepsOverSeats, "steps", "= 0", room.stepsOverSeats === 0);
  add("start slots over pacing after the load", room.slotsOverPacing, "slots", "= 0", room.slotsOverPacing === 0);
  // Info, and a guard on the recount itself: none counted would make the two zeros above meaningless.
  add("area steps with seats taken, recounted", room.stepsCounted, "steps", "info", room.stepsCounted > 0);
  db.close();
}
