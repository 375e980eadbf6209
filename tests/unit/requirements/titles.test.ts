/**
 * Blocker titles: every code a profile can emit has a title in the five locales that differs from the code
 * (and from English outside English); unknown codes are spelled out with their acronyms kept.
 */
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@/lib/i18n/locales';
import { BLOCKER_TITLE_CODES, blockerTitle, spellOutCode } from '@/lib/requirements/titles';
import { allBlockerCodes } from '@/lib/requirements/profiles';

describe('blocker titles', () => {
  it('titles the codes people see instead of spelling them out in lower case', () => {
    expect(blockerTitle('TOY_CE_MARKING_MISSING')).toBe('CE marking missing (toy)');
    expect(blockerTitle('TOY_CE_MARKING_MISSING', 'de')).toBe('CE-Kennzeichnung fehlt (Spielzeug)');
    expect(blockerTitle('WARNINGS_MISSING_FOR_LANGUAGE:fr', 'fr')).toBe('Avertissements manquants dans une langue');
  });

  it('every title exists in the five locales, differs from the code and from English outside English', () => {
    for (const code of BLOCKER_TITLE_CODES) {
      for (const l of LOCALES) {
        const t = blockerTitle(code, l);
        expect(t, `${code} ${l}`).toMatch(/^\S/);
        expect(t).not.toContain('_');
      }
      expect(blockerTitle(code, 'de')).not.toBe(blockerTitle(code, 'en'));
    }
  });

  it('every blocker code a profile can emit has a title', () => {
    const missing = allBlockerCodes().filter((c) => !BLOCKER_TITLE_CODES.includes(c));
    expect(missing).toEqual([]);
  });

  it('spells out an unknown code keeping acronyms', () => {
    expect(spellOutCode('NEW_CE_DOC_ROHS_THING:de')).toBe('New CE DoC RoHS thing');
  });
});
