/**
 * The database's error inside what the drivers and the query builder wrap it in (their message is the
 * statement and its parameters): the first error in the cause chain with a SQLSTATE code.
 */
export function databaseErrorOf(e: unknown): { code: string; message: string; [k: string]: unknown } | null {
  let cur: any = e;
  for (let i = 0; i < 4 && cur; i++) {
    if (typeof cur.code === 'string' && /^[0-9A-Z]{5}$/.test(cur.code)) return cur;
    cur = cur.cause;
  }
  return null;
}

export function isUniqueViolation(e: unknown, constraint?: string): boolean {
  const db = databaseErrorOf(e);
  if (db?.code !== '23505') return false;
  return constraint ? String(db.constraint_name ?? db.constraint ?? db.message ?? '').includes(constraint) : true;
}
