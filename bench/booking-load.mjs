// The booking load both write benches send (writes.mjs on SQLite, postgres.mjs on two instances).

/** What each booking type needs besides the common fields. */
export const EXTRA = { afternoonTea: { teaType: "traditional" }, table: { diningPreference: "lunch" }, picnicHamper: { hamperType: "standard" } };
/** The setting that holds each type's capacity per slot. */
export const CAPACITY_KEY = { afternoonTea: "afternoon_tea_covers_per_slot", table: "table_covers_per_slot", picnicHamper: "picnic_hamper_covers_per_slot" };

/** Every open seat over the next months, one target each, from the public availability endpoint. */
export async function openSlots(base) {
  const targets = [];
  for (let day = 1; day <= 200; day++) {
    const date = new Date(Date.now() + day * 86400_000).toISOString().slice(0, 10);
    for (const type of Object.keys(EXTRA)) {
      const res = await fetch(`${base}/api/availability?type=${type}&date=${date}`);
      if (!res.ok) continue;
      const body = await res.json();
      for (const s of body.slots ?? []) for (let i = 0; i < s.remaining; i++) targets.push({ type, date, time: s.time });
    }
  }
  // Interleave so concurrent requests spread over slots yet still fill some of them.
  return targets.sort(() => Math.random() - 0.5);
}

/**
 * An autocannon request booking one seat of the next target each time, and reporting the
 * reference of each accepted booking to `onAccepted`.
 */
export function bookingRequest(targets, onAccepted) {
  let next = 0;
  return {
    method: "POST",
    path: "/api/bookings",
    headers: { "content-type": "application/json" },
    setupRequest: (req) => {
      const n = next++;
      const t = targets[n % targets.length];
      // Each booking from a visitor of its own, as a site behind its proxy sees a rush
      // (the benches set TRUST_PROXY): R23 allows one address only a few requests a day.
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
  };
}
