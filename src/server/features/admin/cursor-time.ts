/** The time in an admin list's keyset cursor (decisions 0052, 0106). */

/** UTC with microseconds, as the lists write it with to_char (what PostgreSQL stores). */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/**
 * A time written as the lists write it, that PostgreSQL reads back: the day exists (no 30
 * February, which Date.parse rolls over and PostgreSQL refuses with an error) and the year is 1 or
 * later.
 */
export function isCursorTime(t: unknown): t is string {
  if (typeof t !== "string" || !TIMESTAMP.test(t) || t.startsWith("0000")) return false;
  const d = new Date(`${t.slice(0, 23)}Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 19) === t.slice(0, 19);
}
