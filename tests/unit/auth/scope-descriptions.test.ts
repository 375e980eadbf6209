/**
 * A key's scope says exactly what it allows: every operation that admits a scope (generated from the
 * route manifest, so an operation added later is checked without editing this file) is named by path in
 * that scope's description, the text shown where keys are created and in the OpenAPI document. A path
 * ending in "/…" names everything below it; "[/{version}]" names the path with and without it.
 */
import { describe, expect, it } from 'vitest';
import { routeModules } from '@/app/api/openapi.json/route-manifest.generated';
import { SCOPES, type Scope } from '@/lib/auth/scopes';
import type { RouteHandler } from '@/lib/http/route';

const operations = routeModules.flatMap((mod) => [
  ...new Set(Object.values(mod).filter((v): v is RouteHandler => typeof v === 'function' && 'spec' in v)),
]);

/** The paths a description names: exact ones, and prefixes (from "/…"). */
export function namedPaths(description: string) {
  const exact = new Set<string>();
  const prefixes: string[] = [];
  for (const m of description.matchAll(/\/(?:api|p)\/[A-Za-z0-9_{}.\-/[\]…]*/g)) {
    let token = m[0].replace(/[.]+$/, '');
    if (token.endsWith('/…')) {
      prefixes.push(token.slice(0, -1));
      continue;
    }
    token = token.replace(/…$/, '');
    if (token.includes('[')) {
      exact.add(token.replace(/\[[^\]]*\]/g, ''));
      exact.add(token.replace(/[[\]]/g, ''));
    } else exact.add(token);
  }
  return { exact, prefixes };
}

const names = (description: string, path: string) => {
  const { exact, prefixes } = namedPaths(description);
  return exact.has(path) || prefixes.some((p) => path.startsWith(p));
};

describe('scope descriptions', () => {
  it('name paths exactly, prefixes only with "/…"', () => {
    expect(names('Read (GET /api/skus, /api/skus/{id}/…).', '/api/skus/{id}/activity')).toBe(true);
    expect(names('Read (GET /api/skus, /api/skus/{id}/…).', '/api/skus/count')).toBe(false);
    expect(names('GET /p/{public_id}/passport[/{version}]?tier=x', '/p/{public_id}/passport/{version}')).toBe(true);
    expect(names('GET /p/{public_id}/passport[/{version}]?tier=x', '/p/{public_id}/passport')).toBe(true);
  });

  it('every operation that admits a scope is named in that scope’s description', () => {
    const missing: string[] = [];
    let checked = 0;
    for (const { spec } of operations) {
      const scopes: Scope[] =
        spec.scope === undefined ? [] : typeof spec.scope === 'string' ? [spec.scope] : [...spec.scope];
      for (const scope of scopes) {
        checked++;
        if (!names(SCOPES[scope], spec.path)) missing.push(`${scope}: ${spec.method} ${spec.path}`);
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });
});
