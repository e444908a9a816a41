import { useFacts } from "./site-data";

/**
 * The spec's "Coming Soon" badge on afternoon tea (R51), shown while the setting is on. Until the
 * site data is in (and so in the prerendered HTML) it follows the setting's default, on, so a
 * page as first drawn keeps the spec's wording.
 */
export function ComingSoon({ className }: { className?: string }) {
  const shown = useFacts()?.afternoonTeaComingSoon ?? true;
  if (!shown) return null;
  return className ? <span className={className}>Coming Soon</span> : <> Coming Soon</>;
}
