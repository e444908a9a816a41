// The "ten years" data set: what a busy tearoom leaves behind in ten years (300,000 bookings,
// 30,000 gift vouchers, 50,000 newsletter subscribers, 20,000 enquiries), written straight into a
// database the server has already migrated, in one transaction with prepared statements. The same
// seed gives the same rows, so runs compare. `node bench/growth-data.mjs <file.sqlite>` fills a file.
import { createRequire } from "node:module";
import { join } from "node:path";
import { root } from "./lib.mjs";

const require = createRequire(join(root, "apps/api/package.json"));
const Database = require("better-sqlite3");

export const GROWTH = { bookings: 300_000, vouchers: 30_000, subscribers: 50_000, inquiries: 20_000, years: 10 };

const FIRST = [
  "Ada",
  "Grace",
  "Margaret",
  "Alan",
  "Edith",
  "Rosalind",
  "Charles",
  "Mary",
  "Dorothy",
  "Florence",
  "Arthur",
  "Beatrice",
  "Cecil",
  "Daphne",
  "Edmund",
  "Frances",
  "Gilbert",
  "Harriet",
  "Isaac",
  "Jane",
  "Kathleen",
  "Lionel",
  "Maud",
  "Neville",
  "Olive",
  "Percy",
  "Queenie",
  "Rupert",
  "Sybil",
  "Thomas",
  "Ursula",
  "Violet",
  "Walter",
  "Winifred",
  "Albert",
  "Clara",
  "Ernest",
  "Gwendolen",
  "Hugh",
  "Iris",
];
const LAST = [
  "Lovelace",
  "Hopper",
  "Thornton",
  "Turing",
  "Cavell",
  "Franklin",
  "Babbage",
  "Somerville",
  "Hodgkin",
  "Nightingale",
  "Ransome",
  "Potter",
  "Rhodes",
  "Blyton",
  "Hillary",
  "Burnett",
  "White",
  "Martineau",
  "Newton",
  "Austen",
  "Ferrier",
  "Hayes",
  "Gonne",
  "Chamberlain",
  "Cooper",
  "Shelley",
  "Elliott",
  "Brooke",
  "Thorndike",
  "Hardy",
  "Le Guin",
  "Woolf",
  "Scott",
  "Holtby",
  "Einstein",
  "Barton",
  "Shackleton",
  "Fairfax",
  "Grant",
  "Murdoch",
  "Pankhurst",
  "Seacole",
  "Anning",
  "Darwin",
  "Wedgwood",
  "Brontë",
  "Gaskell",
  "Eliot",
  "Kingsley",
  "Stopes",
  "Lister",
  "Faraday",
  "Herschel",
  "Jekyll",
  "Morris",
  "Ruskin",
  "Tennyson",
  "Wordsworth",
  "Keats",
  "Byron",
];
const TIMES = ["12:00", "12:30", "13:00", "13:30", "14:00", "14:30", "15:00", "15:30", "16:00"];
const PRICES = [
  ["afternoonTea", "£29.95", 2995],
  ["afternoonTea", "£59.90", 5990],
  ["picnicHamper", "£69.90", 6990],
  ["monetary", "£25.00", 2500],
  ["monetary", "£50.00", 5000],
  ["monetary", "£100.00", 10000],
];
const ENQUIRY_TYPES = ["group-booking", "special-requirements", "gift-vouchers", "general-enquiry"];
const DAY = 86_400_000;

/** A small deterministic generator (mulberry32): the same rows on every run. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fills an already migrated database; `now` is the last of the ten years. Returns the counts written. */
export function fillGrowthData(file, { now = Date.now(), seed = 2026 } = {}) {
  const rnd = random(seed);
  const pick = (list) => list[Math.floor(rnd() * list.length)];
  const start = now - GROWTH.years * 365 * DAY;
  const instant = (ms) => new Date(ms).toISOString();
  const date = (ms) => instant(ms).slice(0, 10);
  const person = (i) => {
    const first = pick(FIRST);
    const last = pick(LAST);
    return { name: `${first} ${last}`, email: `${first}.${last.replace(/\W/g, "")}.${i}@example.com`.toLowerCase() };
  };
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  // Each booking sits in its type's first area (R44; the migration seeded them): the Tearoom for
  // tea and tables, the Lawn for hampers.
  const areas = db.prepare("SELECT id, booking_types FROM areas WHERE garden_spot_id IS NULL ORDER BY position, id").all();
  const areaOf = (type) => areas.find((a) => JSON.parse(a.booking_types).includes(type))?.id ?? null;
  const areaId = { afternoonTea: areaOf("afternoonTea"), table: areaOf("table"), picnicHamper: areaOf("picnicHamper") };
  const booking =
    db.prepare(`INSERT INTO bookings (reference, type, status, name, email, phone, date, time, guests, tea_type, dining_preference, hamper_type, area_id, include_wine, source, created_at, updated_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 'public', ?, ?)`);
  const voucher =
    db.prepare(`INSERT INTO gift_vouchers (voucher_type, voucher_code, price_text, price_pence, people, recipient_name, recipient_email, sender_name, sender_email, message, is_redeemed, payment_reference, created_at, expiry_date, remaining)
    VALUES (?, ?, ?, ?, NULL, ?, ?, ?, ?, 'Enjoy!', ?, NULL, ?, ?, ?)`);
  // R54: the money the reports sum: a card payment for each past afternoon tea, a refund now and
  // then, and each redeemed voucher's redemption in its ledger.
  const payment =
    db.prepare(`INSERT INTO payments (id, provider, kind, amount_pence, currency, status, payload_json, booking_id, voucher_id, created_at, updated_at)
    VALUES (?, 'stripe', ?, ?, 'gbp', 'succeeded', '{}', ?, ?, ?, ?)`);
  const refund =
    db.prepare(`INSERT INTO refunds (booking_id, payment_id, amount_pence, reason, actor, status, idempotency_key, provider_refund_id, created_at, settled_at)
    VALUES (?, ?, 1000, 'Bench', 'admin', 'succeeded', ?, ?, ?, ?)`);
  const ledger =
    db.prepare(`INSERT INTO voucher_ledger (voucher_id, at, actor, kind, amount_pence, people, booking_reference, note, override_reason, expires_at)
    VALUES (?, ?, 'online', 'redemption', ?, ?, NULL, '', NULL, NULL)`);
  const money = { payments: 0, refunds: 0, ledger: 0 };
  const subscriber =
    db.prepare(`INSERT INTO newsletter_subscriptions (email, first_name, last_name, is_active, source, consent_at, unsubscribe_token, created_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
  const inquiry = db.prepare(
    `INSERT INTO inquiries (name, email, phone, enquiry_type, message, is_resolved, created_at, resolved_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  db.transaction(() => {
    for (let i = 0; i < GROWTH.bookings; i++) {
      // Spread over the ten years and two months ahead, in the order they were made.
      const made = start + (i / GROWTH.bookings) * (now - start);
      const on = made + Math.floor(rnd() * 60) * DAY;
      const past = on < now;
      const r = rnd();
      const status = past ? (r < 0.9 ? "confirmed" : "cancelled") : r < 0.6 ? "confirmed" : r < 0.9 ? "pending" : "cancelled";
      const type = pick(["afternoonTea", "afternoonTea", "table", "picnicHamper"]);
      const { name, email } = person(i);
      // Drawn in the order the rows always were, so the data set stays the same.
      const time = pick(TIMES);
      const guests = 1 + Math.floor(rnd() * 6);
      const { lastInsertRowid: bookingId } = booking.run(
        `TR-${i.toString(36).toUpperCase().padStart(6, "0")}`,
        type,
        status,
        name,
        email,
        `07700 ${String(100_000 + i).slice(-6)}`,
        date(on),
        time,
        guests,
        type === "afternoonTea" ? pick(["traditional", "champagne"]) : null,
        type === "table" ? pick(["breakfast", "lunch", "lightsnack"]) : null,
        type === "picnicHamper" ? pick(["standard", "champagne"]) : null,
        areaId[type],
        instant(made),
        instant(made),
      );
      if (type === "afternoonTea" && status === "confirmed" && made < now) {
        const id = `pi_bench_${i}`;
        payment.run(id, "afternoon-tea", 2995 * guests, bookingId, null, instant(made), instant(made));
        money.payments++;
        if (i % 20 === 0) {
          refund.run(bookingId, id, `bench-refund-${i}`, `re_bench_${i}`, instant(made + DAY), instant(made + DAY));
          money.refunds++;
        }
      }
    }
    for (let i = 0; i < GROWTH.vouchers; i++) {
      const made = start + (i / GROWTH.vouchers) * (now - start);
      const [type, text, pence] = pick(PRICES);
      const to = person(i);
      const from = person(i + GROWTH.vouchers);
      const code = `TEA-${(i + 1_000_000).toString(36).toUpperCase()}-${Math.floor(rnd() * 1e6)
        .toString(36)
        .toUpperCase()
        .padStart(4, "0")}`;
      const redeemed = rnd() < 0.6 ? 1 : 0;
      const voucherPayment = `pi_bench_voucher_${i}`;
      // What is left (migration 010): nothing once redeemed, else the face value (pence, or its one person).
      const { lastInsertRowid: voucherId } = voucher.run(
        type,
        code,
        text,
        pence,
        to.name,
        to.email,
        from.name,
        from.email,
        redeemed,
        instant(made),
        date(made + 365 * DAY),
        redeemed ? 0 : type === "monetary" ? pence : 1,
      );
      payment.run(voucherPayment, "voucher", pence, null, voucherId, instant(made), instant(made));
      money.payments++;
      if (redeemed) {
        // Not drawn from rnd(), so the rows after it stay the same.
        const at = Math.min(now, made + ((i * 37) % 300) * DAY);
        ledger.run(voucherId, instant(at), type === "monetary" ? pence : null, type === "monetary" ? null : 1);
        money.ledger++;
      }
    }
    for (let i = 0; i < GROWTH.subscribers; i++) {
      const made = start + (i / GROWTH.subscribers) * (now - start);
      const [first, last] = person(i).name.split(" ");
      subscriber.run(
        `reader.${first}.${i}@example.com`.toLowerCase(),
        first,
        last,
        rnd() < 0.8 ? 1 : 0,
        pick(["popup", "footer", "api"]),
        instant(made),
        `bench-token-${i}`,
        instant(made),
      );
    }
    for (let i = 0; i < GROWTH.inquiries; i++) {
      const made = start + (i / GROWTH.inquiries) * (now - start);
      const { name, email } = person(i);
      // The last few hundred are still open.
      const resolved = i < GROWTH.inquiries - 300 ? 1 : 0;
      inquiry.run(
        name,
        email,
        rnd() < 0.5 ? "01234 567890" : null,
        pick(ENQUIRY_TYPES),
        "Could we bring a birthday cake for our party of eight?",
        resolved,
        instant(made),
        resolved ? instant(made + DAY) : null,
      );
    }
  })();
  db.pragma("wal_checkpoint(TRUNCATE)");
  db.close();
  return { bookings: GROWTH.bookings, vouchers: GROWTH.vouchers, subscribers: GROWTH.subscribers, inquiries: GROWTH.inquiries, ...money };
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const file = process.argv[2];
  if (!file) throw new Error("Usage: node bench/growth-data.mjs <migrated database file>");
  const started = performance.now();
  console.log(fillGrowthData(file), `${Math.round(performance.now() - started)} ms`);
}
