// Holds true: every action the server writes to the audit log, and every kind of thing an entry is about,
// has its words in the team dictionary in English and German, so the audit log never shows a raw code such as
// "recall.case_opened" or "gtin_claim" (19 actions and 6 target types had none when issue 42 looked).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { teamMessages } from '@/lib/i18n/ui/team';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.tsx?$/.test(name) ? [p] : [];
  });
}

const code = ['lib', 'app'].flatMap((d) => sources(path.resolve(d))).map((f) => readFileSync(f, 'utf8'));
const literal = (re: RegExp) => new Set(code.flatMap((text) => [...text.matchAll(re)].map((m) => m[1])));

// Written from a variable: gtin_claim.${decision} (lib/gtin-claims/service.ts).
const ACTIONS = new Set([...literal(/\baction: '([a-z_]+\.[a-z_.]+)'/g), 'gtin_claim.verified', 'gtin_claim.rejected']);
const TARGETS = literal(/\btargetType: '([a-z_]+)'/g);

describe('audit log words', () => {
  it('the scan finds the actions and target types the server writes', () => {
    expect(ACTIONS.size).toBeGreaterThan(60);
    expect(ACTIONS).toContain('dossier.value_set');
    expect(TARGETS).toContain('recall_case');
  });

  it.each(['en', 'de'] as const)('%s names every action and target type', (locale) => {
    const dictionary = teamMessages[locale] as Record<string, unknown>;
    const missing = [
      ...[...ACTIONS].filter((a) => typeof dictionary[`audit.action.${a}`] !== 'string').map((a) => `action ${a}`),
      ...[...TARGETS].filter((x) => typeof dictionary[`audit.target.${x}`] !== 'string').map((x) => `target ${x}`),
    ];
    expect(missing).toEqual([]);
  });
});
