/**
 * Only same-site relative paths survive sign-in as the next page: deep links keep their query, unsafe
 * paths are dropped.
 */
import { describe, expect, it } from 'vitest';
import { safeNextPath, signInPath } from '@/lib/auth/next-path';

describe('safeNextPath: only same-site relative paths survive sign-in', () => {
  it('keeps a deep link with its query', () => {
    expect(safeNextPath('/skus/0c80fcd4-1111-4222-8333-944444444444?tab=blockers')).toBe(
      '/skus/0c80fcd4-1111-4222-8333-944444444444?tab=blockers',
    );
    expect(safeNextPath('/settings/api-keys')).toBe('/settings/api-keys');
  });

  it.each([
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    '/skus\\..\\..\\evil',
    '\\\\evil.example',
    'javascript:alert(1)',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\u007f',
    'skus/1',
    '',
    '/sign-in?next=/dashboard',
    '/sign-up',
    `/${'a'.repeat(600)}`,
  ])('refuses %j (falls back to the dashboard)', (bad) => {
    expect(safeNextPath(bad)).toBe('/dashboard');
  });

  it('signInPath carries a safe path and drops an unsafe one', () => {
    expect(signInPath('/skus/1?tab=blockers')).toBe('/sign-in?next=%2Fskus%2F1%3Ftab%3Dblockers');
    expect(signInPath('//evil.example')).toBe('/sign-in');
    expect(signInPath(null)).toBe('/sign-in');
    expect(signInPath('/dashboard')).toBe('/sign-in');
  });
});
