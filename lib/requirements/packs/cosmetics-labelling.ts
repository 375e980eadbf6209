/**
 * The labelling items of a cosmetic product, Regulation (EC) No 1223/2009 Art. 19(1)(b)–(g), as a regime
 * pack on every cosmetic whatever profile version it is pinned to. Items checked elsewhere: (a) the
 * responsible person (core and cosmetics rules), (d) the precautions in each market's language
 * (WARNINGS_MISSING_FOR_LANGUAGE, cited to Art. 19(1)(d)), (g) the ingredient list (COSMETIC_INCI_MISSING).
 */
import { annex, art } from '../packs';
import type { RegimePack } from '../regimes';

export function cosmeticsLabellingPack(): RegimePack {
  return {
    id: 'cosmetics-labelling@2026-11',
    section: 'cosmetics-labelling',
    title: 'Cosmetics labelling: Regulation (EC) No 1223/2009 Art. 19(1)(b), (c), (e), (f)',
    summary:
      'Nominal content, date of minimum durability or period after opening, batch number and function. The precautions (Art. 19(1)(d)) are the safety warnings per market language and the ingredients (Art. 19(1)(g)) the INCI list, both checked by the cosmetics pack.',
    applies: { categories: ['cosmetics'] },
    rules: [
      {
        id: 'cosmetics_labelling.nominal_content',
        code: 'COSMETIC_NOMINAL_CONTENT_MISSING',
        severity: 'blocker',
        when: [{ fact: 'cosmetic_small_pack', is: 'no' }],
        legal: [art('cpr', '19', '1', 'b')],
        message: 'The nominal content (weight or volume at the time of packaging) is missing.',
        satisfied_by:
          'The nominal content, e.g. "50 ml", or the answer "Small pack or sample: yes" for packs under 5 g or 5 ml, free samples and single-application packs.',
        why: 'Art. 19(1)(b): the nominal content at the time of packaging, by weight or volume, except for packs of less than 5 g or 5 ml, free samples and single-application packs. Whether the exception holds is asked when the content is missing; otherwise blocker.',
        spec: { kind: 'fields_all', fields: ['nominal_content'] },
      },
      {
        id: 'cosmetics_labelling.durability',
        code: 'COSMETIC_DURABILITY_MISSING',
        severity: 'blocker',
        legal: [
          art('cpr', '19', '1', 'c'),
          annex('cpr', 'VII, point 2', 'Point of the open-jar symbol in Annex VII not re-read.'),
        ],
        message: 'Neither the date of minimum durability nor the period after opening is given.',
        satisfied_by:
          'The date of minimum durability (30 months or less) or the period after opening (e.g. "12M", the open-jar symbol).',
        why: 'Art. 19(1)(c): the date until which the product keeps its function and safety, when that is 30 months or less; for longer durability, the period after opening during which it can be used without harm. A product for which the period after opening is not relevant (single-use packs, aerosols that cannot be opened) needs neither: waive with that reason. Otherwise blocker.',
        spec: { kind: 'fields_all', fields: ['minimum_durability_or_pao'] },
      },
      {
        id: 'cosmetics_labelling.batch',
        code: 'COSMETIC_BATCH_NUMBER_MISSING',
        severity: 'blocker',
        legal: [art('cpr', '19', '1', 'e')],
        message:
          'The batch number or reference identifying the cosmetic is missing; a GTIN or model number does not replace it.',
        satisfied_by:
          'The batch number scheme or reference identifying the product (on the packaging when the container is too small).',
        why: 'Art. 19(1)(e): the batch number of manufacture or the reference for identifying the cosmetic product; where the product is too small it may appear on the packaging only. Unlike the GPSR identifier, a GTIN alone does not satisfy it: blocker.',
        spec: { kind: 'fields_all', fields: ['batch_or_serial_scheme'] },
      },
      {
        id: 'cosmetics_labelling.function',
        code: 'COSMETIC_FUNCTION_MISSING',
        severity: 'blocker',
        when: [{ fact: 'cosmetic_function_evident', is: 'no' }],
        legal: [art('cpr', '19', '1', 'f')],
        message: 'The function of the cosmetic is not stated.',
        satisfied_by:
          'The function, e.g. "moisturising day cream", or the answer "Function clear from presentation: yes".',
        why: 'Art. 19(1)(f): the function of the cosmetic product, unless it is clear from its presentation. Whether it is clear is asked when the function is missing; otherwise blocker.',
        spec: { kind: 'fields_all', fields: ['cosmetic_function'] },
      },
    ],
  };
}
