/** `postgres://…` or `postgresql://…` selects PostgreSQL (decision 021); anything else is a SQLite file path. */
export function isPostgresUrl(url: string): boolean {
  return /^postgres(?:ql)?:\/\//i.test(url.trim());
}
