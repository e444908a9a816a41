import { sql, type Kysely } from "kysely";
import { autoId, onPostgres } from "./portable.js";

// Frozen in time: never import application code here.
//
// R55: a guest record per e-mail address (trimmed, lower-case), or per phone number (spaces,
// dashes and brackets left out) when the booking has no e-mail, as staff bookings may not.
// `guest_key` is that address or number with what it is ("email:…", "phone:…"). Every booking
// row is linked to its guest by the database itself, in the statement that writes the row
// (a trigger), so every way a booking is written (the two booking stores of decision 025, and
// an e-mail corrected later) links it in its own transaction. The counts (visits, no-shows, late
// cancels, spend) are not stored: they are read from the guest's bookings through
// `bookings_guest` (decision 035). The existing bookings are linked here, newest details first.

const KEY = (b: string) => `CASE
  WHEN trim(${b}.email) <> '' THEN 'email:' || lower(trim(${b}.email))
  WHEN trim(${b}.phone) <> '' THEN 'phone:' || replace(replace(replace(replace(trim(${b}.phone), ' ', ''), '-', ''), '(', ''), ')', '')
END`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("guests")
    .addColumn("id", "integer", autoId(db))
    .addColumn("guest_key", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("notes", "text", (c) => c.notNull().defaultTo(""))
    // A JSON array of short strings.
    .addColumn("tags", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable("bookings")
    .addColumn("guest_id", "integer", (c) => c.references("guests.id"))
    .execute();

  // The newest booking of each key gives the guest's name, e-mail and phone.
  await sql
    .raw(
      `INSERT INTO guests (guest_key, name, email, phone, notes, tags, created_at, updated_at)
       SELECT k, name, lower(trim(email)), phone, '', '[]', first_at, created_at FROM (
         SELECT ${KEY("b")} AS k, b.name, b.email, b.phone, b.created_at,
           min(b.created_at) OVER (PARTITION BY ${KEY("b")}) AS first_at,
           row_number() OVER (PARTITION BY ${KEY("b")} ORDER BY b.created_at DESC, b.id DESC) AS n
         FROM bookings b WHERE b.erased_at IS NULL
       ) latest WHERE n = 1 AND k IS NOT NULL ORDER BY first_at`,
    )
    .execute(db);
  await sql.raw(`UPDATE bookings SET guest_id = (SELECT g.id FROM guests g WHERE g.guest_key = ${KEY("bookings")}) WHERE erased_at IS NULL`).execute(db);
  await sql`CREATE INDEX bookings_guest ON bookings (guest_id, date)`.execute(db);
  // The Guests list's order: the most recently seen first.
  await sql`CREATE INDEX guests_seen ON guests (updated_at, id)`.execute(db);

  if (onPostgres(db)) {
    await sql
      .raw(
        `CREATE FUNCTION tearoom_link_guest() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE k text := ${KEY("NEW")};
        BEGIN
          IF k IS NULL OR NEW.erased_at IS NOT NULL THEN
            NEW.guest_id := NULL;
            RETURN NEW;
          END IF;
          INSERT INTO guests (guest_key, name, email, phone, notes, tags, created_at, updated_at)
          VALUES (k, NEW.name, lower(trim(NEW.email)), NEW.phone, '', '[]', NEW.updated_at, NEW.updated_at)
          ON CONFLICT (guest_key) DO UPDATE SET name = EXCLUDED.name,
            phone = CASE WHEN EXCLUDED.phone <> '' THEN EXCLUDED.phone ELSE guests.phone END, updated_at = EXCLUDED.updated_at
          RETURNING id INTO NEW.guest_id;
          RETURN NEW;
        END $$`,
      )
      .execute(db);
    await sql`CREATE TRIGGER bookings_link_guest BEFORE INSERT OR UPDATE OF name, email, phone, erased_at ON bookings
      FOR EACH ROW EXECUTE FUNCTION tearoom_link_guest()`.execute(db);
    return;
  }
  // SQLite cannot change NEW in a BEFORE trigger: the row is linked just after it is written, in the same statement.
  const link = (event: string) =>
    sql
      .raw(
        `CREATE TRIGGER bookings_link_guest_${event === "INSERT" ? "insert" : "update"} AFTER ${event} ON bookings BEGIN
          INSERT INTO guests (guest_key, name, email, phone, notes, tags, created_at, updated_at)
          SELECT ${KEY("NEW")}, NEW.name, lower(trim(NEW.email)), NEW.phone, '', '[]', NEW.updated_at, NEW.updated_at
          WHERE ${KEY("NEW")} IS NOT NULL AND NEW.erased_at IS NULL
          ON CONFLICT (guest_key) DO UPDATE SET name = excluded.name,
            phone = CASE WHEN excluded.phone <> '' THEN excluded.phone ELSE guests.phone END, updated_at = excluded.updated_at;
          UPDATE bookings SET guest_id = CASE WHEN NEW.erased_at IS NULL THEN (SELECT g.id FROM guests g WHERE g.guest_key = ${KEY("NEW")}) END
          WHERE id = NEW.id;
        END`,
      )
      .execute(db);
  await link("INSERT");
  await link("UPDATE OF name, email, phone, erased_at");
}

export async function down(db: Kysely<any>): Promise<void> {
  if (onPostgres(db)) {
    await sql`DROP TRIGGER bookings_link_guest ON bookings`.execute(db);
    await sql`DROP FUNCTION tearoom_link_guest()`.execute(db);
  } else {
    await sql`DROP TRIGGER bookings_link_guest_insert`.execute(db);
    await sql`DROP TRIGGER bookings_link_guest_update`.execute(db);
  }
  await sql`DROP INDEX guests_seen`.execute(db);
  await sql`DROP INDEX bookings_guest`.execute(db);
  await db.schema.alterTable("bookings").dropColumn("guest_id").execute();
  await db.schema.dropTable("guests").execute();
}
