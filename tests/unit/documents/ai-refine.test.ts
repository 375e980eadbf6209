/**
 * Classification refined by a model uses its structured answer and falls back to the rules, promptly, on a
 * provider error or timeout.
 */
import { describe, expect, it } from 'vitest';
import { MockLanguageModelV4 } from 'ai/test';
import { classifyRules } from '@/lib/classify/rules';
import { refineWithAi } from '@/lib/classify/ai-refine';
import { classifyFile } from '@/lib/classify/classify-file';
import { aiSettings, getLanguageModel } from '@/lib/ai/provider';
import { expectClassification } from './helpers';

/** The AI path against the AI SDK's mock model: success, provider failure, timeout, bad output. */

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 20, text: 20, reasoning: undefined },
};

function answering(json: unknown) {
  return new MockLanguageModelV4({
    doGenerate: async () => ({
      content: [{ type: 'text', text: JSON.stringify(json) }],
      finishReason: { unified: 'stop', raw: undefined },
      usage,
      warnings: [],
    }),
  });
}

const rules = classifyRules({
  filename: 'scan_0042.pdf',
  snippet: 'Blendwell BL-500\nThank you for choosing Blendwell. Turn the dial to speed 1-5.',
  snippetSource: 'pdf_first_page',
});

describe('refineWithAi', () => {
  it('uses the structured answer of the model', async () => {
    const model = answering({
      file_intent: 'compliance_document',
      document_type: 'manual',
      confidence: 0.83,
      detected_language: 'en',
      reasoning: 'Operating instructions of a blender.',
    });
    const r = expectClassification(
      await refineWithAi({ rules, filename: 'scan_0042.pdf', snippet: 'text', model, locale: 'en' }),
    );
    expect(r).toMatchObject({
      document_type: 'manual',
      file_intent: 'compliance_document',
      confidence: 0.83,
      document_type_confidence: 0.83,
      degraded: false,
      reasoning: 'Operating instructions of a blender.',
    });
    expect(r.diagnostic).toBeUndefined();
    // The call asked for JSON against the schema.
    expect(model.doGenerateCalls[0].responseFormat).toMatchObject({ type: 'json' });
    const prompt = JSON.stringify(model.doGenerateCalls[0].prompt);
    expect(prompt).toContain('scan_0042.pdf');
  });

  it('falls back to the rules on a provider error with ai_unavailable_fallback', async () => {
    const model = new MockLanguageModelV4({
      doGenerate: async () => {
        throw new Error('503 Service Unavailable');
      },
    });
    const r = expectClassification(
      await refineWithAi({ rules, filename: 'scan_0042.pdf', snippet: 'text', model, locale: 'de' }),
    );
    expect(r.document_type).toBe(rules.document_type);
    expect(r.degraded).toBe(true);
    expect(r.diagnostic).toMatchObject({ code: 'ai_unavailable_fallback', next_action: 'confirm_or_choose_type' });
    expect(r.diagnostic?.message).toMatch(/KI-Klassifizierung/);
  });

  it('falls back on timeout, promptly', async () => {
    const model = new MockLanguageModelV4({
      doGenerate: (options) =>
        new Promise((_resolve, reject) =>
          options.abortSignal?.addEventListener('abort', () => reject(new Error('aborted'))),
        ),
    });
    const started = performance.now();
    const r = await refineWithAi({ rules, filename: 'x.pdf', snippet: 'text', model, timeoutMs: 150 });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(r.diagnostic?.code).toBe('ai_unavailable_fallback');
    expect(r.diagnostic?.message).toMatch(/150 ms/);
  });

  it('falls back when the answer does not fit the schema', async () => {
    const r = await refineWithAi({
      rules,
      filename: 'x.pdf',
      snippet: 'text',
      model: answering({ document_type: 'invoice' }),
    });
    expect(r.diagnostic?.code).toBe('ai_unavailable_fallback');
  });

  it('keeps intent and type consistent and clamps confidence', async () => {
    const r = expectClassification(
      await refineWithAi({
        rules,
        filename: 'x.csv',
        snippet: 't',
        model: answering({
          file_intent: 'product_csv',
          document_type: 'manual',
          confidence: 7,
          detected_language: 'en',
          reasoning: 'table',
        }),
      }),
    );
    expect(r).toMatchObject({
      file_intent: 'product_csv',
      document_type: null,
      document_type_confidence: 0,
      confidence: 1,
    });
  });

  it('flags a low-confidence AI answer for review', async () => {
    const r = await refineWithAi({
      rules,
      filename: 'x',
      snippet: 't',
      model: answering({
        file_intent: 'compliance_document',
        document_type: 'certificate',
        confidence: 0.3,
        detected_language: 'en',
        reasoning: 'unsure',
      }),
    });
    expect(r.diagnostic).toMatchObject({ code: 'low_confidence_other', next_action: 'confirm_or_choose_type' });
  });
});

describe('AI provider configuration', () => {
  it('is null without OPENAI_API_KEY', () => {
    expect(getLanguageModel({})).toBeNull();
    expect(aiSettings({ OPENAI_API_KEY: '  ' })).toBeNull();
  });
  it('builds a model from the environment', () => {
    expect(
      aiSettings({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', AI_MODEL: 'local-model' }),
    ).toEqual({ apiKey: 'sk-test', baseURL: 'http://127.0.0.1:9/v1', model: 'local-model' });
    const model = getLanguageModel({
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
      AI_MODEL: 'local-model',
    });
    expect(model).not.toBeNull();
    expect((model as { modelId: string }).modelId).toBe('local-model');
    expect(aiSettings({ OPENAI_API_KEY: 'sk-test' })?.model).toBe('gpt-4o-mini');
  });
});

describe('classifyFile', () => {
  it('extracts, classifies with rules, and refines with the given model', async () => {
    const bytes = new TextEncoder().encode(
      'Sicherheitsdatenblatt\nABSCHNITT 1: Bezeichnung des Stoffs bzw. des Gemischs',
    );
    const rulesOnly = await classifyFile({ bytes, filename: 'sdb.txt', ai: 'off' });
    expect(rulesOnly.classification.document_type).toBe('safety_data_sheet');
    expect(rulesOnly.extraction.snippetSource).toBe('plain_text');
    const model = answering({
      file_intent: 'compliance_document',
      document_type: 'safety_data_sheet',
      confidence: 0.97,
      detected_language: 'de',
      reasoning: 'SDB.',
    });
    const refined = await classifyFile({ bytes, filename: 'sdb.txt', ai: model });
    expect(refined.classification).toMatchObject({ confidence: 0.97, reasoning: 'SDB.' });
  });
});
