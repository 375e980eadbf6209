/**
 * Extraction on layout families seen in real documents: standards by their grammar (with or without spaces, cut at
 * a line wrap), operator blocks and dates.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractFacts } from '@/lib/extract/facts';
import { standardsIn } from '@/lib/extract/facts/references';

/**
 * Failure families met on real documents nobody on this project wrote (issue 34, issue 33 part 3), each
 * reproduced on text written for this project (tests/fixtures/extract/real-families, MANIFEST.md): a
 * value cut at a line wrap, standards without spaces or with OCR's "lEC", "en" as a word, an SDS's
 * protective-equipment standards, a directive number read as a model, labelled values in test-report
 * and certificate layouts.
 */
const dir = path.join(__dirname, '../../fixtures/extract/real-families');
const read = (name: string) => readFileSync(path.join(dir, name), 'utf8');
const facts = (text: string, documentType: string | null = 'declaration_of_conformity') =>
  Object.fromEntries(extractFacts({ text, documentType }).map((f) => [f.field_key, f.value]));

describe('standards by their grammar', () => {
  it('with or without spaces, IEC and ETSI numbers, OCR "lEC", typographic hyphens', () => {
    expect(standardsIn('EN55032:2015')).toEqual(['EN 55032:2015']);
    expect(standardsIn('EN60601-1-2:2007')).toEqual(['EN 60601-1-2:2007']);
    expect(standardsIn('IEC 62479:2010')).toEqual(['IEC 62479:2010']);
    expect(standardsIn('ETSI EN 301489-17 V3.2.4: 2020')).toEqual(['EN 301 489-17 V3.2.4:2020']);
    expect(standardsIn('lEC 62368-1:2014 (Ed. 2) + Cor.:2015')).toEqual(['IEC 62368-1:2014+AC:2015']);
    expect(standardsIn('IEC 62321‐7‐2:2017')).toEqual(['IEC 62321-7-2:2017']);
    expect(standardsIn('IEC 62321-5-2013')).toEqual(['IEC 62321-5:2013']);
    expect(standardsIn('EN 61000-3-2:2019/A1:2021')).toEqual(['EN 61000-3-2:2019/A1:2021']);
  });
  it('a reference cut at a line wrap is read whole: "EN 71-3:2019+" / "A2:2024"', () => {
    const f = facts(read('doc-wrapped-standards.txt'));
    const list = f.harmonised_standards.split('; ');
    expect(list).toContain('EN 71-3:2019+A2:2024');
    expect(list).toContain('EN 62115:2020');
    expect(list).toContain('EN 60601-1-2:2007');
    expect(list).toContain('IEC 62479:2010');
    expect(list).toContain('EN 301 489-17 V3.2.4:2020');
    expect(list).toContain('IEC 62321-7-2:2017');
  });
  it('"en" as a Dutch, French or Spanish word is no standard', () => {
    expect(facts(read('nl-manual-en-word.txt'), 'manual').harmonised_standards).toBe('EN 60335-1:2012');
    expect(standardsIn('tussen de 0 en 100 W')).toEqual([]);
    expect(standardsIn('código EN 16 01 03')).toEqual([]);
  });
  it("a declaration printed with a data sheet: only its declaring pages' standards", () => {
    const out = extractFacts({
      pages: [
        {
          page: 1,
          text: 'EU Declaration of Conformity\nWe declare that the product conforms to:\nEN 55032:2015, EN 55035:2017',
        },
        { page: 2, text: 'Specification\nSafety standards: EN 50178, IEC 60068-2-6\nVibration: 10 ~ 500 Hz' },
      ],
      documentType: 'declaration_of_conformity',
    });
    expect(out.find((f) => f.field_key === 'harmonised_standards')?.value).toBe('EN 55032:2015; EN 55035:2017');
  });
  it("a safety data sheet's protective-equipment standards are not the product's", () => {
    expect(facts(read('sds-ppe.txt'), 'safety_data_sheet').harmonised_standards).toBeUndefined();
    // Unclassified, the sheet is told by its section headings.
    expect(facts(read('sds-ppe.txt'), null).harmonised_standards).toBeUndefined();
  });
});

describe('a directive, standard, date or postcode is never a model (issue 33)', () => {
  it('"…in conformity with Directive 2009/48/EC…" gives no model "2009/48/EC"', () => {
    const f = facts(read('doc-wrapped-standards.txt'));
    expect(f.model_number).toBe('WD-220');
    expect(facts('The toy model 2009/48/EC is in conformity with the directive.').model_number).toBeUndefined();
    expect(facts('Model: EN 71-3:2019').model_number).toBeUndefined();
    expect(facts('Model: 2024-05-01').model_number).toBeUndefined();
    expect(facts('Model: 20097').model_number).toBeUndefined();
  });
});

describe('labelled values in test-report and certificate layouts', () => {
  it("a test report cover's dotted labels: number, laboratory, product, brand, models, applicant", () => {
    const f = facts(read('report-cover.txt'), 'test_report');
    expect(f.test_report_number).toBe('QTL-24051234E');
    expect(f.test_laboratory).toBe('Quillon Testing Laboratory Co., Ltd.');
    expect(f.product_name).toBe('USB charger');
    expect(f.brand).toBe('BRIGHTFIELD');
    expect(f.model_number).toBe('BF-65C, BF-45C');
    expect(f.applicant).toBe('Brightfield Electronics Co., Ltd.');
    expect(f.harmonised_standards).toBe('EN 62368-1:2014+A11:2017');
  });
  it('a certificate: its number, its holder (label over two lines, value after a lone ":"), the report it rests on', () => {
    const f = facts(read('certificate-holder.txt'), 'certificate');
    expect(f.certificate_number).toBe('CoC-2210-7781');
    expect(f.certificate_holder).toBe('Lantern Bay Lighting Co., Ltd.');
    expect(f.manufacturer_name).toBe('Lantern Bay Lighting Co., Ltd.');
    expect(f.product_name).toBe('LED desk lamp');
    expect(f.model_number).toBe('LB-DL10, LB-DL12');
    expect(f.test_report_number).toBe('LBT-2210-7781E');
  });
});

describe('the signature: place, date, signatory and function', () => {
  it('"Hamburg, 14.03.2024" above "Place and date of issue <name>" and the function below', () => {
    const f = facts(read('doc-signature-we.txt'));
    expect(f.place_of_issue).toBe('Hamburg');
    expect(f.doc_issue_date).toBe('2024-03-14');
    expect(f.signatory_name).toBe('Dipl.-Ing. Henrike Wolters');
    expect(f.signatory_function).toBe('Managing Director Tallowmere GmbH');
  });
  it('several labels on one line: "Title: X Function: Y", "Name: X Date: Y", "City: X Signature:"', () => {
    const f = facts(read('doc-signature-labels.txt'));
    expect(f.signatory_function).toBe('Compliance Manager');
    expect(f.signatory_name).toBe('Lena Okafor');
    expect(f.place_of_issue).toBe('Hong Kong');
    expect(f.product_name).toBe('Lumo Charger 30W');
    expect(f.brand).toBe('BRIGHTWAVE');
    expect(f.model_number).toBe('BW-C30');
  });
  it("a certificate's date alone beside the function is its date of issue", () => {
    const f = facts(read('cert-function-date.txt'), 'certificate');
    expect(f.issued_on).toBe('2023-09-22');
    expect(f.signatory_function).toBe('Manager');
  });
  it('"Prepared By <name> <date>" names no place', () => {
    expect(facts('Prepared By Dr. Benjamin Okoro 04/02/2022', 'risk_assessment').place_of_issue).toBeUndefined();
  });
  it('a date inside a sentence is no signature: "Council of 9 July 2008 on a common framework"', () => {
    const f = facts(
      'Decision No 768/2008/EC of the European Parliament and of the\nCouncil of 9 July 2008 on a common framework',
    );
    expect(f.doc_issue_date).toBeUndefined();
    expect(f.place_of_issue).toBeUndefined();
  });
});

describe('operators without a label of their own', () => {
  it('the block after "We, the manufacturer" up to "declare…" is the manufacturer, with its address', () => {
    const f = facts(read('doc-signature-we.txt'));
    expect(f.manufacturer_name).toBe('Tallowmere GmbH');
    expect(f.manufacturer_address).toBe('Kesselweg 12, 22085 Hamburg, Germany');
    expect(f.manufacturer_country).toBe('DE');
  });
  it('OCR\'s stray mark before "Same as applicant" is no manufacturer name', () => {
    const f = facts(
      "Applicant's name: Brightfield Electronics Co., Ltd.\nAddress: 3F, Harbour Road, Ningbo, China\nManufacturer: ! Same as applicant.",
      'certificate',
    );
    expect(f.manufacturer_name).toBe('Brightfield Electronics Co., Ltd.');
  });
  it('a bilingual form: the Latin name after the Chinese one, across the blank line', () => {
    const f = facts(
      '制造商\n\nManufacturer\n\n宁波灯塔照明有限公司\n\nNingbo Lantern Lighting Co., Ltd\n\n地址',
      'test_report',
    );
    expect(f.manufacturer_name).toBe('Ningbo Lantern Lighting Co., Ltd');
  });
  it('"Manufacturer: Same as applicant" makes the applicant block the manufacturer; the approver signs', () => {
    const f = facts(read('report-same-as-applicant.txt'), 'test_report');
    expect(f.manufacturer_name).toBe('Nordlicht Sensorik s.r.o.');
    expect(f.manufacturer_country).toBe('CZ');
    expect(f.applicant).toBe('Nordlicht Sensorik s.r.o.');
    expect(f.test_report_number).toBe('HTW-22-0431');
    expect(f.signatory_name).toBe('Kai Chen');
  });
});

describe("a certificate's applicant", () => {
  it('is the manufacturer candidate (below high confidence) when the certificate names no manufacturer', () => {
    const text =
      'Attestation of Compliance\nApplicant : Brightfield Electronics Co., Ltd.\n\nAddress : 3rd Floor, Building F, Harbour Road, Ningbo, China\nProduct : Travel adapter';
    const out = extractFacts({ text, documentType: 'certificate' });
    const maker = out.find((f) => f.field_key === 'manufacturer_name');
    expect(maker?.value).toBe('Brightfield Electronics Co., Ltd.');
    expect(maker!.confidence).toBeLessThan(0.8);
    expect(out.find((f) => f.field_key === 'manufacturer_country')?.value).toBe('CN');
    expect(
      facts(`${text}\nManufacturer: Other Maker GmbH, Hauptstr. 1, 10115 Berlin`, 'certificate').manufacturer_name,
    ).toBe('Other Maker GmbH');
  });
});

describe('a safety data sheet: product, supplier, CLP classification', () => {
  it('the classification of section 2 sets clp_hazardous; ingredients (3) and full texts (16) do not count', () => {
    const f = facts(read('sds-sections.txt'), 'safety_data_sheet');
    expect(f.clp_hazardous).toBe('yes');
    expect(f.hazard_statements).toBe('H225, H319, EUH066');
    expect(f.clp_classification).toBe('Flam. Liq. 2; Eye Irrit. 2');
    expect(f.applicable_legislation).toContain('Regulation (EC) No 1272/2008');
    expect(f.harmonised_standards).toBeUndefined();
  });
  it('the product heading every page and the supplier (a candidate, below high confidence)', () => {
    const out = extractFacts({ text: read('sds-sections.txt'), documentType: 'safety_data_sheet' });
    const get = (k: string) => out.find((f) => f.field_key === k);
    expect(get('product_name')?.value).toBe('Glimmer Floor Polish 500');
    expect(get('manufacturer_name')?.value).toBe('Nordwind Chemie GmbH');
    expect(get('manufacturer_name')!.confidence).toBeLessThan(0.8);
    expect(get('manufacturer_country')?.value).toBe('DE');
  });
  it('a Spanish sheet "no está clasificada como peligrosa": clp_hazardous no, its revision date', () => {
    const f = facts(read('sds-not-classified-es.txt'), null);
    expect(f.clp_hazardous).toBe('no');
    expect(f.product_name).toBe('Limpiador Suave 20');
    expect(f.manufacturer_name).toBe('Quimicas Ribera S.L.');
    expect(f.issued_on ?? f.doc_issue_date).toBe('2025-02-14');
  });
});

describe('websites per operator', () => {
  it("the operator's own block, else the one site in the letterhead whose domain carries its name", () => {
    expect(
      facts('Manufacturer: Quackworks Ltd, 14 Pond Lane, Harrogate HG1 2AB, UK\nwww.quackworks.example')
        .manufacturer_url,
    ).toBe('www.quackworks.example');
    const f = facts(
      'Quackworks Ltd • 14 Pond Lane • www.quackworks.co.uk\nManufacturer: Quackworks Ltd, 14 Pond Lane, Harrogate HG1 2AB, United Kingdom\nTested at www.labs-example.com',
    );
    expect(f.manufacturer_url).toBe('www.quackworks.co.uk');
  });
});

describe('dates in the layouts documents use', () => {
  it('a date wrapped over two lines under its label, a "Date:" beside the signatory, typographic hyphens', () => {
    expect(facts('7) Date of Issue:\n\n29th\nJanuary 2025').doc_issue_date).toBe('2025-01-29');
    expect(facts('Name: Lena Okafor Date: 2021‐7‐30').doc_issue_date).toBe('2021-07-30');
    expect(facts('Place: Shenzhen, China  Date: 2020-05-22').doc_issue_date).toBe('2020-05-22');
    expect(facts('Place: Shenzhen, China  Date: 2020-05-22').place_of_issue).toBe('Shenzhen, China');
    expect(facts('Ecublens, 12.01.2026').doc_issue_date).toBe('2026-01-12');
    expect(facts('Date: 8th May 2017').doc_issue_date).toBe('2017-05-08');
  });
});

describe('product name and report numbers as written', () => {
  it('variants of one product name give the shared name; a report number keeps its issue suffix', () => {
    expect(facts('Product name: Pebble Hub, Pebble Hub 2').product_name).toBe('Pebble Hub');
    expect(facts('Product name: Pebble Hub, Lantern Mini').product_name).toBe('Pebble Hub, Lantern Mini');
    expect(facts('Test Report #: 4471203b 002', 'certificate').test_report_number).toBe('4471203b 002');
  });
});

describe('validity ranges', () => {
  it('"effective from July 01, 2024 through June 30, 2025" is valid until its end', () => {
    expect(
      facts('This certificate is effective from July 01, 2024 through June 30, 2025.', 'certificate')
        .certificate_valid_until,
    ).toBe('2025-06-30');
    expect(facts('Gültig vom 01.03.2024 bis 28.02.2027', 'certificate').certificate_valid_until).toBe('2027-02-28');
  });
});

describe('what a model is not', () => {
  it('a list of models runs on over its lines; a code cut at its hyphen is one code, not "30, HK-UNI-30"', () => {
    expect(
      facts('Model(s): HHT202-2C, HHT203-A,\nHHT905, HHT906\nProduct: Power adapter', 'certificate').model_number,
    ).toBe('HHT202-2C, HHT203-A, HHT905, HHT906');
    expect(facts('Model: TX-30, HK-UNI-\n30\nRated: 230 V').model_number).toBe('TX-30, HK-UNI-30');
    expect(facts('Model No.: AB-12\n2024-05-01').model_number).toBe('AB-12');
  });
  it('a kind of product under "Type:" is no model; a code under "Model No." is', () => {
    expect(facts('Type: Image Sensor', 'manual').model_number).toBeUndefined();
    expect(facts('Model No. A2663').model_number).toBe('A2663');
  });
});
