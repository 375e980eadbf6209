/**
 * A declaration in the layout of the real exporters' declarations measured by the extraction bench
 * (tests/fixtures/extract/MANIFEST.md, "Real public documents"): "Manufacturer name :" and "Manufacturer
 * address :" lines with an unlabelled office line between them, "Label:value" lines without a space,
 * "D Month,YYYY" dates and undated standards. The text is our own (the real files are not stored here);
 * it goes as a PDF through the upload route, the extraction job and the dossier, on PGlite or Postgres.
 */
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { createSku, dossier, pdfOf, settleJobs, uploadDoc } from './helpers';

useTestDatabase();

const DECLARATION = [
  'EC DECLARATION OF CONFORMITY',
  '',
  'EU Authorised Representative: Iberia Parcel SL',
  'Manufacturer name : Ningbo Lantern Trading Co., LTD',
  'Sales Office, 8 Harbour Road, Beilun District, Ningbo (branch)',
  'Manufacturer address : Room 5, Building 2, Xinqi Industrial Park,',
  'Beilun District, Ningbo, China',
  'Product:Camping lantern',
  'Model:CL-20',
  '',
  'It is hereby declared that the lantern described above complies with the following EU directives.',
  'Directive Standard',
  '2014/35/EU EN 60598-1',
  '2014/30/EU EN 55015',
  'Conformity assessment: Module A of Decision No 768/2008/EC',
  'Issued date:3 March,2024 Signature:',
].join('\n');

describe('an exporter declaration through the upload route', () => {
  it('suggests the labelled manufacturer, not the office line between the labels, with document, page and quote', async () => {
    const u = await makeUser();
    const sku = await createSku(u, 'CL-20');
    const id = await uploadDoc(u, 'DoC CL-20.pdf', await pdfOf(DECLARATION), { sku_id: sku.id });
    await settleJobs(u.workspaceId);
    const fields = await dossier(u, sku.id);
    const first = (key: string) => fields.find((f) => f.field_key === key)?.suggestions?.[0];
    const values = (key: string) => (fields.find((f) => f.field_key === key)?.suggestions ?? []).map((s) => s.value);

    expect(values('manufacturer_name')).toEqual(['Ningbo Lantern Trading Co., LTD']);
    expect(values('manufacturer_address')).toEqual([
      'Room 5, Building 2, Xinqi Industrial Park, Beilun District, Ningbo, China',
    ]);
    expect(values('manufacturer_country')).toEqual(['CN']);
    expect(values('responsible_person_name')).toEqual(['Iberia Parcel SL']);
    expect(values('model_number')).toEqual(['CL-20']);
    expect(values('applicable_legislation')).toEqual(['Directive 2014/35/EU; Directive 2014/30/EU']);
    expect(values('harmonised_standards')).toEqual(['EN 60598-1; EN 55015']);
    expect(values('doc_issue_date')).toEqual(['2024-03-03']);

    const name = first('manufacturer_name')!;
    expect(name.provenance).toMatchObject({ document_id: id, document_name: 'DoC CL-20.pdf', page: 1 });
    expect(String(name.provenance.quote)).toContain('Manufacturer name : Ningbo Lantern Trading Co., LTD');
    expect(String(first('manufacturer_address')!.provenance.quote)).toContain('Manufacturer address');
    expect(String(first('doc_issue_date')!.provenance.quote)).toContain('Issued date:3 March,2024');
  });
});
