/**
 * Extraction with an AI provider configured (issue 34 part 5), end to end: an uploaded declaration is
 * read by the rules, the facts they missed are asked of a loopback OpenAI-compatible server, and only a
 * value whose quote occurs in the document is stored on the extraction (below high confidence). Without
 * a provider nothing is asked and the rules' facts are the extraction.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as documentRoute from '@/app/api/documents/[id]/route';
import { call, makeUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { startOpenAiStub, type OpenAiStub } from '../ai/openai-stub';
import { useProvider } from '../ai/helpers';
import { pdfOf, settleJobs, uploadDoc } from './helpers';

useTestDatabase();

const DOC = [
  'EU Declaration of Conformity',
  'Manufacturer: Pebblecraft Toys Ltd., 3 Mill Row, Leeds LS1 4AB, United Kingdom',
  'Product: Wooden stacking rainbow, model PC-RB7',
  'The product complies with Directive 2009/48/EC. Standards: EN 71-1:2014+A1:2018',
  'Executed in the city of York by Ruth Ames, Director',
].join('\n');

let stub: OpenAiStub;
beforeAll(async () => {
  stub = await startOpenAiStub();
});
afterAll(() => stub.close());
afterEach(() => useProvider(null));

async function extractionOf(u: Awaited<ReturnType<typeof makeUser>>, id: string) {
  const res = await call(documentRoute, 'GET', `/api/documents/${id}`, { cookie: u.cookie, params: { id } });
  expect(res.status, res.text).toBe(200);
  return res.body.document.extractions[0] as {
    method: string;
    facts: { field_key: string; value: string; quote: string; confidence: number }[];
  };
}

describe('the model fills what the rules missed', () => {
  it('a quoted place is kept at 0.6, an invented signatory is dropped; the prompt asks only for missing keys', async () => {
    useProvider(stub);
    stub.reply = () => ({
      content: {
        facts: [
          { field_key: 'place_of_issue', value: 'York', quote: 'Executed in the city of York' },
          { field_key: 'signatory_name', value: 'John Smith', quote: 'Signed by John Smith' },
        ],
      },
    });
    const before = stub.requests.length;
    const u = await makeUser();
    const id = await uploadDoc(u, 'DoC rainbow.pdf', await pdfOf(DOC), { document_type: 'declaration_of_conformity' });
    await settleJobs(u.workspaceId);
    expect(stub.requests.length).toBe(before + 1);
    const prompt = stub.requests.at(-1)!.prompt;
    expect(prompt).toContain('- place_of_issue');
    expect(prompt).not.toContain('- manufacturer_name');
    const e = await extractionOf(u, id);
    expect(e.method).toMatch(/\+ai$/);
    expect(e.facts.find((f) => f.field_key === 'place_of_issue')).toMatchObject({ value: 'York', confidence: 0.6 });
    expect(e.facts.find((f) => f.field_key === 'signatory_name')).toBeUndefined();
    expect(e.facts.find((f) => f.field_key === 'manufacturer_name')?.value).toBe('Pebblecraft Toys Ltd.');
  });

  it('a provider that fails leaves the rules facts; without a provider nothing is asked', async () => {
    useProvider(stub);
    stub.reply = () => ({ status: 500 });
    const u = await makeUser();
    const failed = await uploadDoc(u, 'DoC a.pdf', await pdfOf(DOC), { document_type: 'declaration_of_conformity' });
    await settleJobs(u.workspaceId);
    const e1 = await extractionOf(u, failed);
    expect(e1.method).not.toMatch(/\+ai$/);
    expect(e1.facts.find((f) => f.field_key === 'manufacturer_name')?.value).toBe('Pebblecraft Toys Ltd.');

    useProvider(null);
    const before = stub.requests.length;
    const plain = await uploadDoc(u, 'DoC b.pdf', await pdfOf(DOC), { document_type: 'declaration_of_conformity' });
    await settleJobs(u.workspaceId);
    expect(stub.requests.length).toBe(before);
    expect(
      (await extractionOf(u, plain)).facts.some((f) => f.confidence === 0.6 && f.field_key === 'place_of_issue'),
    ).toBe(false);
  });
});
