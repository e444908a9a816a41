// Rules between booking settings (R33: "checked together"). Each rule names the two settings it
// relates, so a refusal can name both. Values reach these rules already checked one by one
// (`setting-values.ts`): times are "HH:mm", which compare correctly as text. The settings' labels
// live with their definitions in `setting-values.ts`, which builds the messages staff read (R46).

type Values = Record<string, string>;

/** Two settings that contradict each other: their keys, their values and how the first must relate to the second. */
export interface BrokenSettingRule {
  keys: readonly [string, string];
  values: readonly [string, string];
  /** E.g. "must be before". */
  relation: string;
}

interface SettingRule {
  keys: readonly [string, string];
  holds(a: string, b: string, values: Values): boolean;
  /** How the first setting must relate to the second, e.g. "must be before". */
  relation: string;
}

// A 00:00 closing is midnight at the end of the day, after every other time.
const closingAware = (key: string, raw: string) => (key === "closing_time" && raw === "00:00" ? "24:00" : raw);

const list = (raw: string): string[] =>
  raw.trim().toLowerCase() === "none"
    ? []
    : raw
        .split(",")
        .map((t) => t.trim())
        .filter(Boolean);

const before = (first: string, second: string): SettingRule => ({ keys: [first, second], holds: (a, b) => a < b, relation: "must be before" });
const notAfter = (first: string, second: string): SettingRule => ({ keys: [first, second], holds: (a, b) => a <= b, relation: "must not be after" });
const notBefore = (first: string, second: string): SettingRule => ({ keys: [first, second], holds: (a, b) => a >= b, relation: "must not be before" });

/** The slots of each booking type run from their first to their last, inside opening hours. */
const slotRules = (prefix: string): SettingRule[] => [
  notAfter(`${prefix}_first_slot`, `${prefix}_last_slot`),
  notBefore(`${prefix}_first_slot`, "opening_time"),
  before(`${prefix}_last_slot`, "closing_time"),
];

/** Every rule between settings. The Secret Garden keeps its own evening times, outside opening hours. */
export const SETTING_RULES: readonly SettingRule[] = [
  before("opening_time", "closing_time"),
  {
    keys: ["food_served_until", "opening_time"],
    holds: (a, b) => a > b,
    relation: "must be after",
  },
  notAfter("food_served_until", "closing_time"),
  ...slotRules("afternoon_tea"),
  ...slotRules("table"),
  ...slotRules("picnic_hamper"),
  {
    keys: ["secret_garden_private_only_times", "secret_garden_times"],
    holds: (a, b) => list(a).every((t) => list(b).includes(t)),
    relation: "must be among",
  },
];

/** Every rule between two settings that the settings break, in the order of `SETTING_RULES`. */
export function brokenSettingRules(values: Values): BrokenSettingRule[] {
  const out: BrokenSettingRule[] = [];
  for (const rule of SETTING_RULES) {
    const [first, second] = rule.keys;
    const a = values[first];
    const b = values[second];
    if (a === undefined || b === undefined || rule.holds(closingAware(first, a), closingAware(second, b), values)) continue;
    out.push({ keys: rule.keys, values: [a, b], relation: rule.relation });
  }
  return out;
}

/**
 * The settings with every contradiction undone: both settings of a broken rule go back to their
 * seed values, until no rule is broken. The seed values keep every rule, and each round puts at
 * least one more setting back to its seed value, so this ends.
 */
export function coherentSettings(values: Values, seed: Values): Values {
  let out = values;
  for (let conflict = brokenSettingRules(out)[0]; conflict; conflict = brokenSettingRules(out)[0]) {
    out = { ...out };
    for (const key of conflict.keys) out[key] = seed[key]!;
  }
  return out;
}
