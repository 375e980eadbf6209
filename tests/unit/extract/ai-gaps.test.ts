/**
 * Facts the rules missed, asked of a model: only missing keys are asked, and a value is kept only when its quote
 * is in the document and states it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getLanguageModel } from '@/lib/ai/provider';
import { extractFacts } from '@/lib/extract/facts';
import { aiGapFacts, missingKeys } from '@/lib/extract/facts/ai-gaps';
import { startOpenAiStub, type OpenAiStub } from '../../api/ai/openai-stub';

/**
 * Extraction with an AI provider (issue 34 part 5), against a loopback OpenAI-compatible server through
 * the real provider: the model is asked only for what the rules did not find, and a value is kept only
 * when its quote occurs in the document and states it; kept values stay below high confidence.
 */
const PAGES = [
  {
    page: 1,
    text: [
      'EU Declaration of Conformity',
      'We, Pebblecraft Toys Ltd., 3 Mill Row, Leeds LS1 4AB, United Kingdom, declare that',
      'the wooden stacking rainbow, article PC-RB7, complies with Directive 2009/48/EC.',
      'Standards: EN 71-1:2014+A1:2018, EN 71-3:2019+A1:2021',
    ].join('\n'),
  },
  { page: 2, text: 'Executed in the city of York on the 3rd day of March 2025\nby Ruth Ames, Director' },
];
const text = PAGES.map((p) => p.text).join('\n');

let stub: OpenAiStub;
beforeAll(async () => {
  stub = await startOpenAiStub();
});
afterAll(() => stub.close());

const model = () =>
  getLanguageModel({ OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: stub.url, AI_MODEL: 'stub-model' })!;

describe('facts the rules missed, asked of the model', () => {
  it('asks only for the missing keys and keeps a value whose quote is in the document (page found, 0.6)', async () => {
    const found = extractFacts({ pages: PAGES, documentType: 'declaration_of_conformity' });
    const missing = missingKeys('declaration_of_conformity', found);
    expect(missing).toContain('place_of_issue');
    expect(missing).not.toContain('harmonised_standards');
    stub.reply = () => ({
      content: {
        facts: [
          { field_key: 'place_of_issue', value: 'York', quote: 'Executed in the city of York' },
          { field_key: 'doc_issue_date', value: '2025-03-03', quote: 'on the 3rd day of March 2025' },
        ],
      },
    });
    const out = await aiGapFacts({
      model: model(),
      text,
      pages: PAGES,
      documentType: 'declaration_of_conformity',
      found,
      timeoutMs: 10_000,
    });
    const prompt = stub.requests.at(-1)!.prompt;
    expect(prompt).toContain('place_of_issue');
    expect(prompt).not.toContain('- harmonised_standards');
    const place = out.facts.find((f) => f.field_key === 'place_of_issue')!;
    expect(place).toMatchObject({ value: 'York', page: 2, quote: 'Executed in the city of York', confidence: 0.6 });
    expect(out.usage.inputTokens).toBeGreaterThan(0);
  });

  it('drops an invented quote, a value its quote does not state, a wrong date, a directive as model and unasked keys', async () => {
    stub.reply = () => ({
      content: {
        facts: [
          { field_key: 'signatory_name', value: 'John Smith', quote: 'signed by John Smith' },
          { field_key: 'signatory_function', value: 'CEO', quote: 'by Ruth Ames, Director' },
          { field_key: 'doc_issue_date', value: '2025-03-04', quote: 'on the 3rd day of March 2025' },
          { field_key: 'model_number', value: '2009/48/EC', quote: 'complies with Directive 2009/48/EC' },
          { field_key: 'harmonised_standards', value: 'EN 71-2:2020', quote: 'Standards: EN 71-1:2014+A1:2018' },
        ],
      },
    });
    const out = await aiGapFacts({
      model: model(),
      text,
      pages: PAGES,
      documentType: 'declaration_of_conformity',
      found: [],
      timeoutMs: 10_000,
    });
    expect(out.facts).toEqual([]);
  });

  it('nothing missing: no call at all', async () => {
    const before = stub.requests.length;
    const out = await aiGapFacts({
      model: model(),
      text: 'x',
      documentType: 'safety_data_sheet',
      found: ['product_name', 'manufacturer_name', 'clp_hazardous', 'hazard_statements', 'issued_on', 'ufi_code'].map(
        (k) => ({ field_key: k, value: 'v', page: null, quote: 'v', confidence: 0.8 }),
      ),
      timeoutMs: 10_000,
    });
    expect(out.facts).toEqual([]);
    expect(stub.requests.length).toBe(before);
  });
});
