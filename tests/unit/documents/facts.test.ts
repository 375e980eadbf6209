/**
 * Fact extraction from declarations of conformity, certificates and reports in several languages
 * (operators, dates, standards, GTINs, model references, UFI, e-mail), each fact with its page and quote.
 */
import { describe, expect, it } from 'vitest';
import { extractFacts, findDates, splitNameAddress } from '@/lib/extract/facts';
import { isValidGtin } from '@/lib/gtin';
import { LABELLED } from '@/tests/fixtures/documents/labelled';

const doc = (id: string) => LABELLED.find((d) => d.id === id)!.text;
const facts = (text: string, documentType?: string) =>
  Object.fromEntries(extractFacts({ text, documentType }).map((f) => [f.field_key, f]));

describe('extractFacts on declarations of conformity', () => {
  it('English Annex III declaration', () => {
    const f = facts(doc('en-doc-1'));
    expect(f.manufacturer_name.value).toBe('Brightway Lighting Ltd.');
    expect(f.manufacturer_address.value).toBe('Unit 4, Riverside Park, Leeds LS10 1AB, United Kingdom');
    expect(f.manufacturer_country.value).toBe('GB');
    expect(f.responsible_person_name.value).toBe('Brightway Europe B.V.');
    expect(f.model_number.value).toBe('BW-DL40');
    expect(f.applicable_legislation.value).toBe(
      'Directive 2014/35/EU; Directive 2014/30/EU; Directive 2011/65/EU; Regulation (EU) 2019/2020',
    );
    expect(f.harmonised_standards.value).toContain('EN IEC 55015:2019+A11:2020');
    expect(f.harmonised_standards.value).toContain('EN 61000-3-3:2013+A1:2019');
    expect(f.doc_issue_date.value).toBe('2024-03-11');
    expect(f.doc_issue_date.quote).toBe('Leeds, 11.03.2024');
    expect(f.manufacturer_name.quote).toContain('Name and address of the manufacturer');
  });

  it('German declaration: EG/EU spellings normalised, amendments kept', () => {
    const f = facts(doc('de-doc-1'));
    expect(f.manufacturer_name.value).toBe('Northwood Garden Tools GmbH');
    expect(f.manufacturer_country.value).toBe('DE');
    expect(f.applicable_legislation.value).toBe(
      'Directive 2006/42/EC; Directive 2014/30/EU; Directive 2011/65/EU; Directive 2000/14/EC',
    );
    expect(f.harmonised_standards.value.split('; ')[0]).toBe('EN 62841-1:2015+AC:2015');
    expect(f.doc_issue_date.value).toBe('2023-11-02');
  });

  it('French "Nous, ..." declaration and "Fait à ..., le" date', () => {
    const f = facts(doc('fr-doc-2'));
    expect(f.manufacturer_name.value).toBe('Petits Câlins SARL');
    expect(f.manufacturer_address.value).toBe('4 avenue Foch, 59000 Lille');
    expect(f.doc_issue_date.value).toBe('2023-05-10');
    expect(f.applicable_legislation.value).toBe('Directive 2009/48/EC');
  });

  it('Spanish and Italian month names', () => {
    expect(facts(doc('es-doc-1')).doc_issue_date.value).toBe('2023-12-14');
    expect(facts(doc('it-doc-2')).doc_issue_date.value).toBe('2023-09-22');
    expect(facts(doc('es-doc-1')).manufacturer_country.value).toBe('ES');
  });

  it('importer and ETSI radio standards', () => {
    const f = facts(doc('en-doc-2'));
    expect(f.importer_name.value).toBe('Kidstar Trading GmbH');
    expect(f.importer_country.value).toBe('DE');
    expect(f.model_number.value).toBe('TX24, TX24-B');
    expect(f.harmonised_standards.value).toContain('EN 300 440 V2.2.1');
    expect(f.harmonised_standards.value).toContain('EN IEC 62115:2020');
  });

  it('labelled GTIN with a valid check digit', () => {
    expect(facts(doc('de-doc-2')).gtin.value).toBe('4031234567898');
    expect(facts('EAN: 4031234567893').gtin).toBeUndefined(); // wrong check digit
  });
});

describe('extractFacts on certificates and reports', () => {
  it('issue date and validity on one line', () => {
    const f = facts(doc('en-cert-1'), 'certificate');
    expect(f.certificate_valid_until.value).toBe('2028-06-13');
    expect(f.doc_issue_date).toBeUndefined(); // a certificate's issue date is not the DoC issue date
  });
  it('German "Gültig bis" and accreditation standards excluded', () => {
    const f = facts(doc('de-cert-1'));
    expect(f.certificate_valid_until.value).toBe('2028-05-31');
    expect(f.harmonised_standards.value).toBe('EN 14988:2017+A1:2020');
  });
  it('model/type reference and rated voltage of a test report', () => {
    const f = facts(doc('en-tr-2'));
    expect(f.model_number.value).toBe('WK-1701');
    expect(f.rated_voltage.value).toBe('220-240 V~, 50/60 Hz');
    // "Manufacturer: same as applicant": the applicant is the manufacturer (issue 34).
    expect(f.manufacturer_name.value).toBe('Ningbo Homeware Electric Co., Ltd.');
    expect(f.applicant.value).toBe('Ningbo Homeware Electric Co., Ltd.');
  });
  it('UFI of a safety data sheet', () => expect(facts(doc('de-sds-1')).ufi_code.value).toBe('8H30-N0N4-300U-5V8K'));
  it('e-mail next to the manufacturer', () => {
    const f = facts('Manufacturer: ACME Toys Ltd, 1 Main Street, Dublin 2, Ireland\nE-mail: safety@acme.example');
    expect(f.manufacturer_email.value).toBe('safety@acme.example');
    expect(f.manufacturer_country.value).toBe('IE');
  });
});

describe('pages and quotes', () => {
  it('reports the page of each value', () => {
    const out = extractFacts({
      pages: [
        { page: 1, text: 'EU Declaration of Conformity' },
        { page: 2, text: 'Directive 2014/53/EU\nEN 62368-1:2014+A11:2017' },
      ],
    });
    expect(out.find((f) => f.field_key === 'applicable_legislation')).toMatchObject({
      page: 2,
      quote: 'Directive 2014/53/EU',
    });
    expect(out.find((f) => f.field_key === 'harmonised_standards')?.value).toBe('EN 62368-1:2014+A11:2017');
  });
  it('page is null for text without pages', () =>
    expect(extractFacts({ text: 'Directive 2009/48/EC' })[0].page).toBeNull());
  it('every suggestion has a quote that is in the text', () => {
    for (const d of LABELLED.slice(0, 30)) {
      for (const f of extractFacts({ text: d.text })) {
        for (const part of f.quote.split(' … ')) expect(d.text.replace(/\s+/g, ' ')).toContain(part);
        expect(f.confidence).toBeGreaterThan(0);
        expect(f.confidence).toBeLessThanOrEqual(1);
      }
    }
  });
});

describe('helpers', () => {
  it.each([
    ['2023-09-04', '2023-09-04'],
    ['11.03.2024', '2024-03-11'],
    ['02/04/2024', '2024-04-02'],
    ['14 june 2023', '2023-06-14'],
    ['12. marz 2024', '2024-03-12'],
    ['7 de junio de 2023', '2023-06-07'],
    ['1° marzo 2024', '2024-03-01'],
    ['june 8, 2022', '2022-06-08'],
    ['2022.06.18', '2022-06-18'],
  ])('date %s', (text, iso) => expect(findDates(text)[0]?.iso).toBe(iso));
  it('rejects impossible dates', () => expect(findDates('31.02.2024')).toEqual([]));
  it('GTIN check digits', () => {
    expect(isValidGtin('4006381333931')).toBe(true);
    expect(isValidGtin('4006381333932')).toBe(false);
    expect(isValidGtin('96385074')).toBe(true);
    expect(isValidGtin('0000000000000')).toBe(false);
  });
  it('splits company name and address', () => {
    expect(splitNameAddress('ACME Co., Ltd., Building 7, Shenzhen, China')).toEqual({
      name: 'ACME Co., Ltd.',
      address: 'Building 7, Shenzhen, China',
    });
  });
});

// Layouts met in real public declarations (see tests/fixtures/extract/MANIFEST.md, "Real public documents");
// the texts here are our own.
describe('layouts of real declarations', () => {
  const exporter = [
    'EC DECLARATION OF CONFORMITY',
    'EU Authorised Representative：Iberia Parcel SL',
    'Manufacturer name : Ningbo Lantern Trading Co., LTD',
    'Sales Office, 8 Harbour Road, Beilun District, Ningbo (branch)',
    'Manufacturer address ： Room 5, Building 2, Xinqi Industrial Park,',
    'Beilun District, Ningbo, China',
    'Product:Camping lantern',
    'Model:CL-20',
    'Directive Standard',
    '2014/35/EU EN 60598-1',
    'Issued date:3 March,2024 Signature:',
  ].join('\n');

  it('"Manufacturer name" and "Manufacturer address" lines: the labelled lines only, up to the next "Label:value" line', () => {
    const f = facts(exporter, 'declaration_of_conformity');
    expect(f.manufacturer_name.value).toBe('Ningbo Lantern Trading Co., LTD');
    expect(f.manufacturer_address.value).toBe(
      'Room 5, Building 2, Xinqi Industrial Park, Beilun District, Ningbo, China',
    );
    expect(f.manufacturer_address.value).not.toContain('Sales Office');
    expect(f.manufacturer_country.value).toBe('CN');
    expect(f.manufacturer_name.quote).toContain('Manufacturer name');
  });

  it('"Issued date:" with "D Month,YYYY" and "D Month, YYYY"', () => {
    expect(facts(exporter, 'declaration_of_conformity').doc_issue_date.value).toBe('2024-03-03');
    expect(facts('## 7. Date of Issue:\n01 June, 2024', 'declaration_of_conformity').doc_issue_date.value).toBe(
      '2024-06-01',
    );
    expect(findDates('6 june, 2024')).toEqual([{ iso: '2024-06-06', index: 0 }]);
  });

  it('"Decision No 768/2008/EC" is no legislation the product declares', () => {
    const f = facts(
      'Internal Production Control pursuant to Annex II, Module A of Decision No 768/2008/EC\nDirective 2014/30/EU',
    );
    expect(f.applicable_legislation.value).toBe('Directive 2014/30/EU');
  });

  it('"IEC EN 63000: 2018" is EN IEC 63000:2018', () => {
    expect(facts('RoHS\nIEC EN 63000: 2018').harmonised_standards.value).toBe('EN IEC 63000:2018');
  });

  it('"EU Authorised Representative:" is the EU responsible person; "None" under it is nobody', () => {
    expect(
      facts('EU Authorised Representative: Iberia Parcel SL\nManufacturer name: Lantern Works Ltd')
        .responsible_person_name.value,
    ).toBe('Iberia Parcel SL');
    expect(facts('## 3. EU Authorised Representative:\nNone').responsible_person_name).toBeUndefined();
  });

  it('a name line without an address line gives the name alone', () => {
    const f = facts('Manufacturer name: Lantern Works Ltd\nProduct: Lantern');
    expect(f.manufacturer_name.value).toBe('Lantern Works Ltd');
    expect(f.manufacturer_address).toBeUndefined();
  });
});
