/**
 * A party field that points to another party ("Same as applicant", "wie Antragsteller") is no name: a
 * scanned certificate offered "! Same as applicant." as the manufacturer at 0.85. Lines written here for
 * the family; real names, including ones starting with a pointer word, stay names.
 */
import { describe, expect, it } from 'vitest';
import { isBackReference } from '@/lib/extract/facts/parties';

describe('back-references in party fields', () => {
  it.each([
    '! Same as applicant.',
    'same as above',
    'As above',
    'wie Antragsteller',
    'siehe oben',
    'identique au demandeur',
    'Idem',
  ])('%s is a pointer, not a name', (v) => expect(isBackReference(v)).toBe(true));
  it.each([
    'Shenzhen Yeniu Electronics Co., Ltd.',
    'Asia Pacific Toys Ltd',
    'Wiesmann GmbH',
    'Seeland AG',
    'Como Lighting S.r.l.',
  ])('%s is a name', (v) => expect(isBackReference(v)).toBe(false));
});
