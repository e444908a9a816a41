// The booking load both write benches send (writes.mjs on SQLite, postgres.mjs on two instances).

/** What each booking type needs besides the common fields. */
export const EXTRA = { afternoonTea: { teaType: "traditional" }, table: { diningPreference: "lunch" }, picnicHamper: { hamperType: "standard" } };
/** The setting that holds each type's pacing: guests who may start at one time (R44). */
export const PACING_KEY = { afternoonTea: "afternoon_tea_covers_per_slot", table: "table_covers_per_slot", picnicHamper: "picnic_hamper_covers_per_slot" };
/** The setting that holds each type's stay, and its default, in minutes (R44). */
export const STAY_KEY = {
  afternoonTea: ["afternoon_tea_minutes", 120],
  table: ["table_minutes", 90],
  picnicHamper: ["picnic_hamper_minutes", 120],
  secretGarden: ["secret_garden_minutes", 120],
};
/** The room's step (R44). */
const STEP = 15;

/** What `roomOverflows` reads: the rows of these queries, the same on SQLite and PostgreSQL. */
export const ROOM_QUERIES = {
  settings: "SELECT setting_key, setting_value FROM booking_settings",
  areas: "SELECT id, seats, booking_types, position, garden_spot_id, is_private FROM areas",
  bookings:
    "SELECT area_id, type, date, time, guests, stay_minutes, status, hold_expires_at, garden_spot_id FROM bookings WHERE status NOT IN ('cancelled', 'declined')",
};

/**
 * R44 recounted from the rows, apart from the server's code: the area steps (area, date, quarter
 * hour) where the bookings holding seats take more than the area's seats, and the start slots
 * (type, date, time) where more guests start than the type's pacing. A booking holds seats from its
 * start for its own stay or its type's, in its area (none: its type's first, as the server counts
 * bookings from before areas); a hold only until it lapses; a private spot is taken whole.
 */
export function roomOverflows({ settings, areas: areaRows, bookings: bookingRows }, now = new Date()) {
  // PostgreSQL's driver gives its 64-bit integers as strings.
  const int = (v) => (v === null ? null : Number(v));
  const areas = areaRows.map((a) => ({ ...a, id: int(a.id), seats: int(a.seats), position: int(a.position), is_private: int(a.is_private) }));
  const bookings = bookingRows.map((b) => ({ ...b, area_id: int(b.area_id), guests: int(b.guests), stay_minutes: int(b.stay_minutes) }));
  const setting = Object.fromEntries(settings.map((r) => [r.setting_key, Number(r.setting_value)]));
  const ordered = [...areas].sort((a, b) => a.position - b.position || a.id - b.id);
  const byId = new Map(ordered.map((a) => [a.id, a]));
  const firstArea = (b) =>
    b.type === "secretGarden"
      ? ordered.find((a) => a.garden_spot_id !== null && a.garden_spot_id === b.garden_spot_id)
      : ordered.find((a) => a.garden_spot_id === null && JSON.parse(a.booking_types).includes(b.type));
  const taken = new Map();
  const starting = new Map();
  for (const b of bookings) {
    if (b.status === "held" && !(b.hold_expires_at && new Date(b.hold_expires_at) > now)) continue;
    const area = b.area_id === null ? firstArea(b) : byId.get(b.area_id);
    if (area) {
      const [key, fallback] = STAY_KEY[b.type];
      const stay = b.stay_minutes ?? setting[key] ?? fallback;
      const [h, m] = b.time.split(":").map(Number);
      const start = h * 60 + m;
      const first = Math.floor(start / STEP) * STEP;
      const end = Math.max(first + STEP, Math.ceil((start + stay) / STEP) * STEP);
      const seats = area.is_private ? area.seats : b.guests;
      for (let step = first; step < end; step += STEP) {
        const at = `${area.id} ${b.date} ${step}`;
        taken.set(at, (taken.get(at) ?? 0) + seats);
      }
    }
    if (PACING_KEY[b.type]) {
      const slot = `${b.type} ${b.date} ${b.time}`;
      starting.set(slot, (starting.get(slot) ?? 0) + b.guests);
    }
  }
  let stepsOverSeats = 0;
  for (const [at, seats] of taken) if (seats > byId.get(Number(at.split(" ")[0])).seats) stepsOverSeats++;
  let slotsOverPacing = 0;
  for (const [slot, guests] of starting) if (guests > (setting[PACING_KEY[slot.split(" ")[0]]] ?? Infinity)) slotsOverPacing++;
  return { stepsOverSeats, slotsOverPacing, stepsCounted: taken.size };
}

/** Every open seat over the next months, one target each, from the public availability endpoint. */
export async function openSlots(base) {
  const targets = [];
  for (let day = 1; day <= 200; day++) {
    const date = new Date(Date.now() + day * 86400_000).toISOString().slice(0, 10);
    const slots = {};
    for (const type of Object.keys(EXTRA)) {
      const res = await fetch(`${base}/api/availability?type=${type}&date=${date}`);
      if (res.ok) slots[type] = (await res.json()).slots ?? [];
    }
    targets.push(...seatsThatFit(date, slots));
  }
  // Interleave so concurrent requests spread over slots yet still fill some of them.
  return targets.sort(() => Math.random() - 0.5);
}

/** The seeded room (migration 021) and stays (R44) the load is planned for: a fresh database's. */
const SEEDED_AREAS = [
  { seats: 36, types: ["afternoonTea", "table"] },
  { seats: 16, types: ["afternoonTea", "table"] },
  { seats: 12, types: ["picnicHamper"] },
];

/**
 * One-guest targets for a date that all fit together (R44): availability gives each slot's room
 * on an empty day, but a tea's seats are also the next slots' (it stays two hours), so taking
 * every slot's places would mostly be refused. The seats are placed one guest at a time, slot by
 * slot, as the server places them; each target is a booking the server should accept.
 */
function seatsThatFit(date, slots) {
  const taken = SEEDED_AREAS.map(() => new Map());
  const out = [];
  for (const [type, list] of Object.entries(slots)) {
    const steps = STAY_KEY[type][1] / STEP;
    for (const { time, remaining } of list) {
      const start = (Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))) / STEP;
      for (let i = 0; i < remaining; i++) {
        const at = SEEDED_AREAS.findIndex(
          (a, k) => a.types.includes(type) && Array.from({ length: steps }, (_, j) => taken[k].get(start + j) ?? 0).every((n) => n < a.seats),
        );
        if (at < 0) break;
        for (let j = 0; j < steps; j++) taken[at].set(start + j, (taken[at].get(start + j) ?? 0) + 1);
        out.push({ type, date, time });
      }
    }
  }
  return out;
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
