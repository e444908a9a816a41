import { DEMO_STAFF, KNOWN_SETTINGS, SEED_GARDEN_SPOTS, SEED_PRICING_ITEMS } from "@tearoom/domain";
import type { AppContext } from "../context.js";
import { insertMissingBookingSettings } from "../db/repositories/booking-settings.js";
import { insertMissingGardenSpots } from "../db/repositories/garden-spots.js";
import { countPricingItems, insertPricingItem } from "../db/repositories/pricing-items.js";
import { findStaffUserByUsername, insertStaffUser, updateStaffPassword } from "../db/repositories/staff.js";
import { hashPassword, verifyPassword } from "./passwords.js";

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

  await seedStaff(ctx, now);
}

/**
 * R2: ADMIN_USERNAME/ADMIN_PASSWORD give the staff account in any mode (required in production);
 * otherwise the demo pair. A configured account replaces the demo one, which is removed.
 */
async function seedStaff(ctx: AppContext, now: string): Promise<void> {
  const { db, env } = ctx;
  const username = env.ADMIN_USERNAME ?? DEMO_STAFF.username;
  const password = env.ADMIN_PASSWORD ?? DEMO_STAFF.password;
  if (env.ADMIN_USERNAME && env.ADMIN_USERNAME !== DEMO_STAFF.username) {
    await db.deleteFrom("staff_users").where("username", "=", DEMO_STAFF.username).execute();
  }
  const existing = await findStaffUserByUsername(db, username);
  if (!existing) {
    await insertStaffUser(db, { username, password_hash: await hashPassword(password), created_at: now });
    ctx.logger.info({ event: "staff_seeded", demo: !env.ADMIN_USERNAME }, "staff account created");
    return;
  }
  if (!env.ADMIN_USERNAME) return;
  // The configured password wins over a stored one. Checking costs one scrypt, so it runs after
  // start-up rather than delaying it; until then the stored password still works.
  const task = (async () => {
    try {
      if (!(await verifyPassword(password, existing.password_hash))) {
        await updateStaffPassword(db, existing.id, await hashPassword(password));
        await db.deleteFrom("staff_sessions").where("user_id", "=", existing.id).execute();
        ctx.logger.info({ event: "staff_password_updated" }, "staff password set from ADMIN_PASSWORD");
      }
    } catch (err) {
      ctx.logger.error({ err }, "could not check the configured staff password");
    }
  })();
  ctx.tasks.add(task);
  void task.finally(() => ctx.tasks.delete(task));
}
