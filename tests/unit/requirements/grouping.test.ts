/**
 * Blockers readable at 200 SKUs (issue 35): obligations that differ only by language are one blocker
 * listing each missing language with only the markets that need it; open blockers are ordered by legal
 * weight (placing on the market > the online offer > data quality), not by how many there are; the
 * seriousness figure of the SKU list follows the worst weight, then the count of that weight.
 */
import { describe, expect, it } from 'vitest';
import { evaluateRequirements, type Blocker } from '@/lib/requirements';
import { groupLanguageBlockers, legalWeight, orderByWeight, seriousnessOf } from '@/lib/requirements/grouping';

const NOW = '2026-11-29T12:00:00Z';
const MAKER = {
  id: 'm',
  role: 'manufacturer' as const,
  name: 'Lichtwerk GmbH',
  country: 'DE',
  has_postal_address: true,
  has_electronic_address: true,
};

function lampEuWide() {
  // A lamp sold in every EU market with German texts only: before, one blocker per language and market group.
  return evaluateRequirements({
    sku: { category_code: 'general', gtin: '4006381333931' },
    fields: {
      model_number: 'L-1',
      product_image_url: 'https://cdn.example.com/l.jpg',
      product_description: 'Lamp.',
      target_markets: 'DE,AT,FR,BE,LU,NL,IT,ES,PT,PL',
      safety_warnings_de: 'Warnhinweis.',
      instructions_needed: 'yes',
      instructions_de: 'Anleitung.',
    },
    entities: [MAKER],
    documents: [{ id: 'r', name: 'Risk.pdf', type: 'risk_assessment' }],
    now: NOW,
  });
}

describe('one blocker per obligation', () => {
  it('warnings and instructions in seven missing languages: two blockers, each language with only its markets', () => {
    const r = lampEuWide();
    expect(r.blockers.map((b) => b.key)).toEqual([
      'WARNINGS_MISSING_FOR_LANGUAGE',
      'INSTRUCTIONS_MISSING_FOR_LANGUAGE',
    ]);
    const w = r.blockers[0];
    expect(w.details?.by_language).toEqual([
      { languages: ['fr'], markets: ['FR', 'BE'] },
      { languages: ['nl'], markets: ['BE', 'NL'] },
      { languages: ['it'], markets: ['IT'] },
      { languages: ['es'], markets: ['ES'] },
      { languages: ['pt'], markets: ['PT'] },
      { languages: ['pl'], markets: ['PL'] },
    ]);
    // Luxembourg accepts the German texts (the market language table): it is named under no language.
    expect(w.details?.languages).toEqual(['fr', 'nl', 'it', 'es', 'pt', 'pl']);
    expect(w.message).toBe(
      'Safety warnings in French, Dutch, Italian, Spanish, Portuguese and Polish are missing (needed for French: FR, BE; Dutch: BE, NL; Italian: IT; Spanish: ES; Portuguese: PT; Polish: PL).',
    );
    expect(w.required_fields).toEqual([
      'safety_warnings_fr',
      'safety_warnings_nl',
      'safety_warnings_it',
      'safety_warnings_es',
      'safety_warnings_pt',
      'safety_warnings_pl',
    ]);
    expect(r.open_blocker_count).toBe(2);
  });

  it('a waiver of the grouped key (the code) waives the obligation in every language', () => {
    const r = evaluateRequirements({
      ...lampInput(),
      waivers: [{ code: 'WARNINGS_MISSING_FOR_LANGUAGE', reason: 'Sold with a pictogram leaflet', by: 'u', at: NOW }],
    });
    const w = r.blockers.filter((b) => b.code === 'WARNINGS_MISSING_FOR_LANGUAGE');
    expect(w).toHaveLength(1);
    expect(w[0].waived?.reason).toBe('Sold with a pictogram leaflet');
  });

  it('an old per-language waiver still waives its language only; the rest stay one open blocker', () => {
    const r = evaluateRequirements({
      ...lampInput(),
      waivers: [{ code: 'WARNINGS_MISSING_FOR_LANGUAGE:fr', reason: 'FR paused', by: 'u', at: NOW }],
    });
    const w = r.blockers.filter((b) => b.code === 'WARNINGS_MISSING_FOR_LANGUAGE');
    expect(w.map((b) => [b.key, !!b.waived, b.details?.languages])).toEqual([
      ['WARNINGS_MISSING_FOR_LANGUAGE', false, ['nl', 'it', 'es', 'pt', 'pl']],
      ['WARNINGS_MISSING_FOR_LANGUAGE:fr', true, ['fr']],
    ]);
    expect(r.unmatched_waivers).toEqual([]);
  });

  it('blockers without languages pass through unchanged', () => {
    const b: Blocker = {
      code: 'X',
      key: 'X',
      severity: 'blocker',
      message: 'm',
      required_fields: [],
      fix: { kind: 'field', target: 'x' },
      rule_id: 'r',
      waivable: true,
    };
    const list = [b];
    expect(groupLanguageBlockers(list, new Map())).toBe(list);
  });
});

function lampInput() {
  return {
    sku: { category_code: 'general', gtin: '4006381333931' },
    fields: {
      model_number: 'L-1',
      product_image_url: 'https://cdn.example.com/l.jpg',
      product_description: 'Lamp.',
      target_markets: 'DE,AT,FR,BE,LU,NL,IT,ES,PT,PL',
      safety_warnings_de: 'Warnhinweis.',
      instructions_needed: 'no',
    },
    entities: [MAKER],
    documents: [{ id: 'r', name: 'Risk.pdf', type: 'risk_assessment' as const }],
    now: NOW,
  };
}

describe('ordered by legal weight', () => {
  const blocker = (code: string, extra: Partial<Blocker> = {}): Blocker => ({
    code,
    key: code,
    severity: 'blocker',
    message: code,
    required_fields: [],
    fix: { kind: 'field', target: 'x' },
    rule_id: code,
    waivable: true,
    ...extra,
  });

  it('the weights: market duties, GPSR Art. 19-only duties (online offer), data quality', () => {
    expect(
      legalWeight(blocker('RISK_ASSESSMENT_MISSING', { legal_basis: 'Regulation (EU) 2023/988 (GPSR) Art. 9(2)' })),
    ).toBe('market');
    expect(
      legalWeight(blocker('PRODUCT_IMAGE_MISSING', { legal_basis: 'Regulation (EU) 2023/988 (GPSR) Art. 19(c)' })),
    ).toBe('online');
    expect(
      legalWeight(
        blocker('MANUFACTURER_MISSING', { legal_basis: 'Regulation (EU) 2023/988 (GPSR) Art. 9(6), Art. 19(a)' }),
      ),
    ).toBe('market');
    expect(legalWeight(blocker('TARGET_MARKETS_MISSING'))).toBe('data_quality');
    expect(legalWeight(blocker('QUESTION_RADIO_EQUIPMENT'))).toBe('data_quality');
    expect(legalWeight(blocker('EXTRACTION_CONFLICT_OPEN'))).toBe('data_quality');
    expect(legalWeight(blocker('GTIN_CHECK_DIGIT_INVALID', { severity: 'warning' }))).toBe('data_quality');
  });

  it('open blockers sort by weight, stable within a weight; warnings and waived ones follow', () => {
    const list = [
      blocker('Q', { legal_weight: 'data_quality' }),
      blocker('IMG', { legal_weight: 'online' }),
      blocker('W', { severity: 'warning', legal_weight: 'data_quality' }),
      blocker('DOC', { legal_weight: 'market' }),
      blocker('WAIVED', { legal_weight: 'market', waived: { by: 'u', at: NOW, reason: 'r' } }),
      blocker('CE', { legal_weight: 'market' }),
    ];
    expect(orderByWeight(list).map((b) => b.code)).toEqual(['DOC', 'CE', 'IMG', 'Q', 'W', 'WAIVED']);
  });

  it('seriousness: one market blocker outranks five data-quality ones', () => {
    const oneMarket = seriousnessOf([blocker('DOC', { legal_weight: 'market' })]);
    const fiveQuestions = seriousnessOf(
      Array.from({ length: 5 }, (_, i) => blocker(`Q${i}`, { legal_weight: 'data_quality' })),
    );
    expect(oneMarket).toBeGreaterThan(fiveQuestions);
    expect(seriousnessOf([])).toBe(0);
    expect(seriousnessOf([blocker('W', { severity: 'warning' })])).toBe(0);
  });

  it('the engine stores the weight on every blocker it returns', () => {
    const r = lampEuWide();
    expect(r.blockers.every((b) => b.legal_weight)).toBe(true);
  });
});
