/**
 * Extraction reads table rows as a person does: Markdown and HTML label/value rows, and another company's table is
 * not the manufacturer.
 */
import { describe, expect, it } from 'vitest';
import { extractFacts } from '@/lib/extract/facts';
import { layoutLine } from '@/lib/extract/facts/lines';

/**
 * Layout families of real public declarations (issue 14's evidence round), on SYNTHETIC text: company,
 * product and address are invented; only the layouts and wordings follow the real documents.
 */
const facts = (text: string, documentType: string | null = 'declaration_of_conformity') =>
  Object.fromEntries(extractFacts({ text, documentType }).map((f) => [f.field_key, f.value]));

describe('table rows as a reader sees them', () => {
  it('a Markdown or HTML row of a label and a value is "label: value"; a rule line is nothing', () => {
    expect(layoutLine('| Company name    | Lumo Boards SRL |')).toBe('Company name: Lumo Boards SRL');
    expect(layoutLine('|-----------------|:--------------:|')).toBeNull();
    expect(layoutLine('<tr><td id="1">Company Address</td><td id="2">Via Roma 3, 20121 Milano, Italy</td></tr>')).toBe(
      'Company Address: Via Roma 3, 20121 Milano, Italy',
    );
    expect(layoutLine('| Pin | Function | Type |')).toBe('Pin · Function · Type');
    expect(layoutLine('### **EU Declaration**')).toBe('EU Declaration');
  });

  it('a "Company Information" table is the manufacturer when that company makes the declaration', () => {
    const text = [
      '### Certifications Summary',
      '| Certification   | Status |',
      '|-----------------|--------|',
      '| CE/RED (Europe) | Yes    |',
      '| FCC (USA)       | Yes    |',
      'Hereby, Lumo Boards S.r.l. declares that this product is in compliance with essential requirements and other relevant provisions of Directive 2014/53/EU.',
      '## Company Information',
      '| Company name    | Lumo Boards SRL |',
      '|-----------------|-----------------|',
      '| Company Address | Via Roma 3 - 20121 MILANO（Italy) |',
    ].join('\n');
    const f = facts(text);
    expect(f.manufacturer_name).toBe('Lumo Boards SRL');
    expect(f.manufacturer_address).toBe('Via Roma 3 - 20121 MILANO (Italy)');
    expect(f.manufacturer_country).toBe('IT');
    expect(f.ce_marking).toBe('yes');
    expect(f.applicable_legislation).toBe('Directive 2014/53/EU');
  });

  it('a company table of another company (a test lab, a distributor) is not the manufacturer', () => {
    const text = [
      'Hereby, Lumo Boards S.r.l. declares that this product is in compliance with Directive 2014/53/EU.',
      '| Company name    | Testhaus Nord GmbH |',
      '| Company Address | Hafenweg 2, 20457 Hamburg, Germany |',
    ].join('\n');
    const f = facts(text);
    expect(f.manufacturer_name).toBe('Lumo Boards S.r.l.');
    expect(f.manufacturer_address).toBeUndefined();
  });
});

describe('union acts written without their word, or the old way', () => {
  it('reads "(EU) 2016/425", "(EU) 2015/863", "2015/863/EU" and "(EC) 1907 /2006" as the acts they are', () => {
    expect(facts('Directive Standard\n(EU) 2016/425 EN 16805:2017').applicable_legislation).toBe(
      'Regulation (EU) 2016/425',
    );
    expect(
      facts('is in conformity with RED Directive 2014/53/EU and (EU) 2015/863 RoHS Directive 2011/65/EU (Recast).')
        .applicable_legislation,
    ).toBe('Directive 2014/53/EU; Directive 2011/65/EU; Directive (EU) 2015/863');
    expect(facts('RoHS 3 Directive 2015/863/EU of the Council').applicable_legislation).toBe('Directive (EU) 2015/863');
    expect(facts('the amended Directive 2015/863 with reference to').applicable_legislation).toBe(
      'Directive (EU) 2015/863',
    );
    expect(facts('compliant with Regulation (EC) 1907 /2006 (REACH)').applicable_legislation).toBe(
      'Regulation (EC) No 1907/2006',
    );
  });

  it('a bare "(EU) year/number" of an act it does not know is left out (a regulation or a directive?)', () => {
    expect(facts('conforms to (EU) 2020/2184').applicable_legislation).toBeUndefined();
    expect(facts('see Article 4 of (EU) 2023/988').applicable_legislation).toBeUndefined();
  });
});

describe('CE marking, model and operators in the wordings of real declarations', () => {
  it('"CE Marking (EU):" heading the directives declared is a yes; the heading alone is not', () => {
    expect(facts('CE Marking (EU):\n• EMC Directive 2014/30/EU\n• RoHS Directive 2011/65/EU').ce_marking).toBe('yes');
    expect(facts('CE Marking (EU):\nSee the label.').ce_marking).toBeUndefined();
  });

  it('"the product, X, to which this declaration relates" gives the model', () => {
    expect(
      facts(
        'We, Orbit Radio Ltd, declare under our sole responsibility that the product, OR-M12, to which this declaration relates, is in conformity with Directive 2014/53/EU.',
      ).model_number,
    ).toBe('OR-M12');
  });

  it('a PDF table row without its column rule: "Manufacturer <name>, <address>" and "Model Number <code>"', () => {
    const text = [
      'Field Details',
      'Model Number KB-TINY-02',
      'Contact Email jo@kestrelbits.example',
      'Manufacturer Kestrel Bits Ltd (kestrel), Unit 5, 12 Canal Street, Glasgow, G4 0AD',
    ].join('\n');
    const f = facts(text);
    expect(f.model_number).toBe('KB-TINY-02');
    expect(f.manufacturer_name).toBe('Kestrel Bits Ltd');
    expect(f.manufacturer_address).toBe('Unit 5, 12 Canal Street, Glasgow, G4 0AD');
    expect(f.manufacturer_country).toBe('GB'); // from the British postcode
    expect(f.manufacturer_email).toBe('jo@kestrelbits.example'); // the domain carries the maker's name
  });

  it('a footer e-mail of the manufacturer is its e-mail; two candidates are none', () => {
    const base = 'Manufacturer: Fjord Toys LLC dba Fjordly\nAddress: 19 Pier Ave, Brooklyn, NY 11205 USA\n';
    const one = facts(`${base}Signed by: A. Berg\n© Fjord Toys LLC 2022 e-mail:hello@fjordly.example`);
    expect(one.manufacturer_name).toBe('Fjord Toys LLC dba Fjordly');
    expect(one.manufacturer_email).toBe('hello@fjordly.example');
    const two = facts(`${base}Fjord sales: sales@fjord.example\nFjord support: help@fjordtoys.example`);
    expect(two.manufacturer_email).toBeUndefined();
  });

  it("a manual's title names the model when nothing else does", () => {
    expect(facts('Operating instructions – Kettle KT-200\n\nFill with water.', 'manual').model_number).toBe('KT-200');
    expect(facts('SPX140\n\nInstallation instructions', 'manual').model_number).toBe('SPX140');
    expect(facts('User manual\n\nModel: RX-9', 'manual').model_number).toBe('RX-9');
    expect(facts('Safety instructions 2024\n\nKeep dry.', 'manual').model_number).toBeUndefined();
  });
});
