import { DEMO_STAFF, KNOWN_SETTINGS, SEED_GARDEN_SPOTS, SEED_PRICING_ITEMS } from "@tearoom/domain";
import type { AppContext } from "../context.js";
import { insertMissingBookingSettings } from "../bookings/data/booking-settings.js";
import { insertMissingGardenSpots, listGardenSpots } from "../bookings/data/garden-spots.js";
import { insertMissingSpotAreas } from "../bookings/data/areas.js";
import { countPricingItems, insertPricingItem } from "../site/data/pricing-items.js";
import { deleteStaffUser, findStaffUserByUsername, insertStaffUser, listStaffUsers, setStaffRole, updateStaffPassword } from "../staff/data/staff.js";
import type { StaffUserRow } from "../db/schema.js";
import { hashPassword, scryptParams, verifyPassword } from "../staff/services/passwords.js";

/**
 * Seed data (R6, R11, R13, R15, R2). Runs on every start and only adds what is missing, so a
 * fresh database gets everything and an existing one keeps the staff's edits.
 */
export async function seed(ctx: AppContext): Promise<void> {
  const now = ctx.now().toISOString();
  const { db, env } = ctx;

  // Pricing items only on a fresh database: staff may delete them on purpose later.
  if ((await countPricingItems(db)) === 0 && !(await findStaffUserByUsername(db, env.ADMIN_USERNAME ?? DEMO_STAFF.username))) {
    for (const item of SEED_PRICING_ITEMS) {
      await insertPricingItem(db, { name: item.name, item_type: item.itemType, price_pence: item.price, is_active: item.isActive ? 1 : 0 }, now);
    }
  }

  // Every known setting is present, so the admin list shows the values in force (R11).
  await insertMissingBookingSettings(
    db,
    Object.entries(KNOWN_SETTINGS).map(([key, def]) => ({ setting_key: key, setting_value: def.value, description: def.description, updated_at: now })),
  );

  await insertMissingGardenSpots(
    db,
    SEED_GARDEN_SPOTS.map((s, i) => ({
      id: s.id,
      name: s.name,
      description: s.description,
      image: s.image,
      x: s.x,
      y: s.y,
      capacity: s.capacity,
      is_available: s.isAvailable ? 1 : 0,
      is_private: s.isPrivate ? 1 : 0,
      sort_order: i,
    })),
  );
  // R44: each spot is an area of its own (a fresh database's spots are only now stored).
  await insertMissingSpotAreas(db, await listGardenSpots(db), now);

  if (!env.isProduction) return seedStaff(ctx, now);
  // R22: in production the check costs a scrypt per staff account. The public site need not wait
  // for it; staff sign-in and sessions do (ctx.staffReady), so the demo password never works.
  const ready = seedStaff(ctx, now);
  ready.catch((err: unknown) => ctx.logger.fatal({ err }, "could not check the staff accounts; staff sign-in is refused"));
  ctx.staffReady = ready;
  ctx.tasks.add(ready);
}

/**
 * R2: ADMIN_USERNAME/ADMIN_PASSWORD give the staff account in any mode (required in production);
 * otherwise the demo pair. A configured account replaces the demo one, which is removed.
 * R22: in production the demo password works for no account, from the first request on.
 * R40: that account is the owner; the accounts the owner adds are kept as they are.
 */
async function seedStaff(ctx: AppContext, now: string): Promise<void> {
  const { db, env } = ctx;
  const username = env.ADMIN_USERNAME ?? DEMO_STAFF.username;
  const password = env.ADMIN_PASSWORD ?? DEMO_STAFF.password;
  if (env.ADMIN_USERNAME && env.ADMIN_USERNAME !== DEMO_STAFF.username) {
    await db.deleteFrom("staff_users").where("username", "=", DEMO_STAFF.username).execute();
  }
  const existing = await findStaffUserByUsername(db, username);
  // R22: in production both checks run side by side (each a scrypt per account), and staff
  // sign-in waits for them (ctx.staffReady).
  const demoRemoved = env.isProduction ? removeDemoPasswords(ctx, username) : Promise.resolve();
  if (!existing) {
    await Promise.all([
      demoRemoved,
      hashPassword(password, scryptParams(env.SCRYPT_COST)).then((hash) =>
        insertStaffUser(db, { username, password_hash: hash, created_at: now, role: "owner" }),
      ),
    ]);
    ctx.logger.info({ event: "staff_seeded", demo: !env.ADMIN_USERNAME }, "staff account created");
    return;
  }
  // R40: the configured account is the owner, so whoever runs the server can always manage accounts.
  if (existing.role !== "owner") await setStaffRole(db, existing.id, "owner");
  if (!env.ADMIN_USERNAME) return demoRemoved;
  // The configured password wins over a stored one. In production the stored one may be the
  // demo's (a database seeded in demo mode), so staff sign-in waits for the check: one scrypt.
  // Elsewhere it runs in the background; until then the stored password works.
  if (env.isProduction) {
    await Promise.all([demoRemoved, applyConfiguredPassword(ctx, existing, password)]);
    return;
  }
  const task = applyConfiguredPassword(ctx, existing, password).catch((err: unknown) => {
    ctx.logger.error({ err }, "could not check the configured staff password");
  });
  ctx.tasks.add(task);
  void task.finally(() => ctx.tasks.delete(task));
}

/** Stores the configured password if it is not the one stored, signing the account out everywhere. */
async function applyConfiguredPassword(ctx: AppContext, account: StaffUserRow, password: string): Promise<void> {
  if (await verifyPassword(password, account.password_hash)) return;
  await updateStaffPassword(ctx.db, account.id, await hashPassword(password, scryptParams(ctx.env.SCRYPT_COST)));
  await ctx.db.deleteFrom("staff_sessions").where("user_id", "=", account.id).execute();
  ctx.logger.info({ event: "staff_password_updated" }, "staff password set from ADMIN_PASSWORD");
}

/**
 * R22: any account other than the configured one whose password is the demo's (left from a
 * database first run in demo mode) is removed with its sessions. The configured account is
 * covered by its own check, as production refuses the demo password as ADMIN_PASSWORD.
 */
async function removeDemoPasswords(ctx: AppContext, configured: string): Promise<void> {
  const others = (await listStaffUsers(ctx.db)).filter((account) => account.username !== configured);
  await Promise.all(
    others.map(async (account) => {
      if (!(await verifyPassword(DEMO_STAFF.password, account.password_hash))) return;
      await deleteStaffUser(ctx.db, account.id);
      ctx.logger.warn({ event: "staff_demo_password_removed", userId: account.id }, "staff account with the demo password removed");
    }),
  );
}
