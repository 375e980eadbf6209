/**
 * An array parameter sent as its Postgres literal ('{…}'), for the large arrays of a bulk statement
 * (`${arrayParam(ids)}::uuid[]` where `${sql.param(ids)}::uuid[]` would do the same).
 *
 * Both drivers turn a JavaScript array into this text element by element: a function call, two regular
 * expression replacements and a quoted copy per element. An import sends about six million elements
 * per 100k rows that way (1.5-2 s of its CPU). Elements that need no escaping, which is nearly all of
 * them, are joined here in one call; the text goes out as it is (both drivers pass a string through
 * unchanged for an array-typed parameter). Strings are quoted, so every text is a text (also "", "NULL"
 * and ones with commas or braces); null is NULL; numbers are written as they are.
 */
export function arrayParam(values: readonly (string | number | null)[]): string {
  if (!values.length) return '{}';
  let plain = true;
  for (let i = 0; i < values.length && plain; i++) {
    const v = values[i];
    if (v === null || (typeof v === 'string' && NEEDS_ESCAPE.test(v))) plain = false;
  }
  if (plain) return `{"${values.join('","')}"}`;
  return `{${values.map((v) => (v === null ? 'NULL' : `"${String(v).replace(ESCAPED, '\\$&')}"`)).join(',')}}`;
}

/** Inside a quoted element only the quote and the backslash are special. */
const NEEDS_ESCAPE = /["\\]/;
const ESCAPED = /["\\]/g;
