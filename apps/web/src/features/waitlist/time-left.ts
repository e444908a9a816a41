/** "in 25 minutes", "in 1 hour and 5 minutes", or null once past. */
export function timeLeftInWords(expiresAt: string, now: number): string | null {
  const minutes = Math.ceil((new Date(expiresAt).getTime() - now) / 60_000);
  if (minutes <= 0) return null;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  return `in ${[h ? part(h, "hour") : "", m ? part(m, "minute") : ""].filter(Boolean).join(" and ")}`;
}
