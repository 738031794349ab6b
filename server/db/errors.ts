/** A unique index refused the row (both engines report PostgreSQL's SQLSTATE). */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "23505";
}
