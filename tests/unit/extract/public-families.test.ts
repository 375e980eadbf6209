/**
 * Extraction on layouts of public document families: labelled dates, the CE mark alone on its line, and values
 * that must not be taken for others.
 */
import { describe, expect, it } from 'vitest';
import { extractFacts } from '@/lib/extract/facts';
import { layoutLine, toLines } from '@/lib/extract/facts/lines';
import { EXTRACT_CASES } from '@/tests/fixtures/extract';

/**
 * Wording families met on real public declarations (issue 14, real-public measurement; see
 * tests/fixtures/extract/MANIFEST.md), each on SYNTHETIC text and on a fixture document written for this
 * project: names, addresses and products are invented, only the layouts and wordings follow the real files.
 */
const facts = (text: string, documentType: string | null = 'declaration_of_conformity') =>
  Object.fromEntries(extractFacts({ text, documentType }).map((f) => [f.field_key, f.value]));
const fixture = (id: string) => {
  const doc = EXTRACT_CASES.find((d) => d.id === id)!;
  return facts(doc.text, doc.documentType);
};

describe('"Place and date of …" signature lines', () => {
  it('any "Place and date of …", "Place & date:" or "Date and place of issue:" gives the date of issue', () => {
    expect(facts('Place and date of the exhibition: Bochum, 1 June 2024').doc_issue_date).toBe('2024-06-01');
    expect(facts('Place and date of signature: Leeds, 3 March 2025').doc_issue_date).toBe('2025-03-03');
    expect(facts('Place & date: Leeds, 3 March 2025').doc_issue_date).toBe('2025-03-03');
    expect(facts('Date and place of issue: 2025-03-03, Leeds').doc_issue_date).toBe('2025-03-03');
    expect(fixture('en-doc-place-date').doc_issue_date).toBe('2025-03-03');
  });
  it('a date elsewhere on the line before such a label is not taken for it', () => {
    expect(facts('Directive 2014/30/EU of 26 February 2014').doc_issue_date).toBeUndefined();
  });
});

describe('the CE mark alone on its line', () => {
  it('a Markdown image is its alt text', () => {
    expect(layoutLine('![CE](../assets/ce_dark.png "CE"){ align=right }')?.trim()).toBe('CE');
  });
  it('an image of the mark, a "# CE" heading or a logo text layer "CE" is CE marking', () => {
    expect(facts('# EU-Konformitätserklärung\n![CE](img/ce.png "CE")\nHersteller: X').ce_marking).toBe('yes');
    expect(facts('EU Declaration\n\n# CE\n').ce_marking).toBe('yes');
    expect(fixture('en-doc-place-date').ce_marking).toBe('yes');
    expect(fixture('de-doc-md-designation').ce_marking).toBe('yes');
  });
  it('"ce" inside running text, or "CE" with more on its line, is no mark', () => {
    expect(facts('See the CE page of the manual.\nce').ce_marking).toBeUndefined();
  });
});

describe('template blanks are no operator', () => {
  it('"xxxx", "[Company Name]", "[TODO]" as the manufacturer give nothing', () => {
    expect(facts('2. Manufactured by:\nxxxx\n3. Product: Lamp').manufacturer_name).toBeUndefined();
    expect(fixture('en-doc-template-blank').manufacturer_name).toBeUndefined();
    expect(facts('## 1. Manufacturer\n- Company name: [TODO]\n- Address: [TODO]').manufacturer_name).toBeUndefined();
  });
  it('a Markdown list dash is layout, like a bullet', () => {
    expect(toLines({ text: '- Model/Type: LW-200\n- 20 °C' }).map((l) => l.text)).toEqual([
      'Model/Type: LW-200',
      '- 20 °C',
    ]);
    expect(fixture('en-doc-template-blank').model_number).toBe('LW-200');
  });
});

describe('a German legal form with a five-digit postcode', () => {
  it('is a German address when no country is written', () => {
    const f = facts('Hersteller:\nMesswerk Rhein GmbH\nIndustriering 14\n41460 Neuss');
    expect(f.manufacturer_address).toBe('Industriering 14, 41460 Neuss');
    expect(f.manufacturer_country).toBe('DE');
    expect(fixture('de-doc-md-designation').manufacturer_country).toBe('DE');
  });
  it('not without the legal form, nor with a four-digit postcode', () => {
    expect(
      facts('Manufacturer:\nAcme Widgets Inc.\n12 Main Street\nSpringfield 12345').manufacturer_country,
    ).toBeUndefined();
    expect(facts('Hersteller:\nAlpenlicht GmbH\nHauptstraße 3\n6020 Innsbruck').manufacturer_country).toBeUndefined();
    // The form ends the name: "KG Industries Inc." in Austin 78701 is no German company.
    expect(
      facts('Manufacturer:\nKG Industries Inc.\n1 Main Street\nAustin 78701').manufacturer_country,
    ).toBeUndefined();
    expect(facts('Hersteller:\nRhein Tools GmbH & Co. KG\nIndustriering 14\n41460 Neuss').manufacturer_country).toBe(
      'DE',
    );
  });
});

describe('the device designation below its label', () => {
  it('one designation or a list of them is the model', () => {
    expect(facts('Description of the device:\n**PX-Meter 2**\n\nand its identical derivatives.').model_number).toBe(
      'PX-Meter 2',
    );
    expect(fixture('de-doc-md-designation').model_number).toBe('MR-Logger 4, MR-Logger 4 Pro');
  });
  it('a sentence below the label is not a designation', () => {
    expect(
      facts('Description of the device:\nThe device measures the temperature of liquids in closed tanks.').model_number,
    ).toBeUndefined();
    expect(facts('Description of the product:\nLiquid cleaning agent\n\nSection 2').model_number).toBeUndefined();
  });
});

describe('a model label misspelt by one letter', () => {
  it('"Model reterence:" / "Model refrence:" is a model label', () => {
    expect(facts('Product: Bluetooth headset\nModel reterence:BX-38').model_number).toBe('BX-38');
    expect(fixture('en-doc-place-date').model_number).toBe('HA-SP20');
  });
  it('another word after "model" is not', () => {
    expect(facts('Model description: BX-38 headset').model_number).toBeUndefined();
  });
});

describe('a representative introduced by a sentence', () => {
  it('"European Authorized Representative" heading, then "The … for X is:", then the name', () => {
    const text = [
      'European Authorized Representative (MDR Only)',
      '',
      'The European Authorized Representative for Acme Gloves Co., Ltd. is:',
      '',
      'Baltic Conformity OÜ',
    ].join('\n');
    expect(facts(text).responsible_person_name).toBe('Baltic Conformity OÜ');
    expect(fixture('en-doc-ppe-ar').responsible_person_name).toBe('Baltic Conformity OÜ');
  });
});

describe('the notified body named on the line above its number', () => {
  it('"Nordic Test Institute Ltd., Finland" then "Notified Body Number: 2791"', () => {
    expect(facts('Nordic Test Institute Ltd., Finland\nNotified Body Number: 2791').notified_body).toBe(
      'Nordic Test Institute Ltd. (2791)',
    );
    expect(fixture('en-doc-ppe-ar').notified_body).toBe('Nordic Test Institute Ltd. (2791)');
  });
  it('a line above that is no company leaves the number alone', () => {
    expect(facts('The notified body for PPE is:\nNotified Body Number: 2791').notified_body).toBe('2791');
  });
});

describe('"Validity" labels', () => {
  it('"Validity of this Declaration:" is the end of validity; a period is valid until its end', () => {
    expect(facts('Validity of this Declaration: 21/2/2029').valid_until).toBe('2029-02-21');
    expect(facts('Validity: 12.03.2024 - 11.03.2027', 'certificate').certificate_valid_until).toBe('2027-03-11');
    expect(fixture('en-doc-ppe-ar').valid_until).toBe('2028-03-15');
  });
});

describe('management-system standards', () => {
  it('a management system the maker is certified to is no standard of the product', () => {
    expect(
      facts('Quality Management System certification to EN ISO 13485:2016, under the supervision of TÜV SÜD')
        .harmonised_standards,
    ).toBeUndefined();
    expect(facts('The factory is certified to EN ISO 9001:2015.').harmonised_standards).toBeUndefined();
    expect(facts('Standards: EN ISO 14001:2015, EN ISO 45001:2018, EN 71-1:2014').harmonised_standards).toBe(
      'EN 71-1:2014',
    );
    expect(fixture('en-doc-medical-qms').harmonised_standards).toBe(
      'EN ISO 21420:2020; EN 455-1:2000; EN 455-2:2000; EN 455-3:2000; EN 455-4:2009; EN ISO 374-1:2016+A1:2018; EN 1186',
    );
  });
  it('EN ISO 13485 listed among the applied standards (harmonised under the MDR) stays', () => {
    expect(facts('Harmonised standards applied: EN ISO 13485:2016, EN ISO 14971:2019').harmonised_standards).toBe(
      'EN ISO 13485:2016; EN ISO 14971:2019',
    );
  });
});

describe('parts of one standard sharing an edition', () => {
  it('"EN 455-2 & EN 455-3:2015" and "EN 455-1, -2, -3:2000": the year is each part\'s', () => {
    expect(facts('EN 455-2 & EN 455-3:2015').harmonised_standards).toBe('EN 455-2:2015; EN 455-3:2015');
    expect(facts('EN 455-1, -2, -3:2000').harmonised_standards).toBe('EN 455-1:2000; EN 455-2:2000; EN 455-3:2000');
  });
  it('not across numbers, part levels or amendments', () => {
    expect(facts('EN 55032, EN 55035:2017').harmonised_standards).toBe('EN 55032; EN 55035:2017');
    expect(facts('EN 60335-1 & EN 60335-2-54:2008+A11:2012').harmonised_standards).toBe(
      'EN 60335-1; EN 60335-2-54:2008+A11:2012',
    );
  });
});

describe('a representative\'s label misspelt after "EU"', () => {
  it('"EU authorand Regresentative：", "EU Authorsied Represntative:", "EU Responsable Person:" are its label', () => {
    expect(
      facts('EU authorand Regresentative：SUCCESS COURIER SL\nManufacturer name : Acme Co., LTD')
        .responsible_person_name,
    ).toBe('SUCCESS COURIER SL');
    expect(facts('EU Responsable Person: Lys Conformité SARL').responsible_person_name).toBe('Lys Conformité SARL');
    const f = fixture('en-doc-exporter-rp-typo');
    expect(f.responsible_person_name).toBe('Adriatic Compliance d.o.o.');
    expect(f.responsible_person_country).toBe('HR');
  });
  it('another word, no "EU" before it, or too far from the label is not', () => {
    expect(facts('EU sales representative: Lumo Trading GmbH').responsible_person_name).toBeUndefined();
    expect(facts('EU trade representative: Lumo Trading GmbH').responsible_person_name).toBeUndefined();
    expect(facts('EC contact person: Lumo Trading GmbH').responsible_person_name).toBeUndefined();
    expect(facts('Authorand Regresentative: Lumo Trading GmbH').responsible_person_name).toBeUndefined();
    expect(facts('EU author representative: Lumo Trading GmbH').responsible_person_name).toBeUndefined();
    expect(facts('EU area representation: Lumo Trading GmbH').responsible_person_name).toBeUndefined();
  });
});

describe('a country implied by a large city or a province ending the address', () => {
  it('"…, Baoan District, Shenzhen" and "…, Jinhua City, Zhejiang Province" are in China', () => {
    const city = facts(
      'Manufacturer: Kestrel Audio Co., Ltd., Room 301, Building 3, Xixiang Street, Baoan District, Shenzhen',
    );
    expect(city.manufacturer_country).toBe('CN');
    const province = fixture('en-doc-cn-province');
    expect(province.manufacturer_address).toBe(
      'Xinqiao Industrial Zone, Ouhai Town, Lucheng County, Wenzhou City, Zhejiang Province',
    );
    expect(province.manufacturer_country).toBe('CN');
  });
  it('not a small town, a name found in several countries, nor a place before the last part', () => {
    expect(
      facts('Manufacturer: Acme Widgets Inc., 12 Main Street, Springfield 12345').manufacturer_country,
    ).toBeUndefined();
    expect(facts('Manufacturer: Vaart Tools B.V., Kerkstraat 1, Limburg').manufacturer_country).toBeUndefined();
    expect(facts('Manufacturer: Pennine Mills Ltd, 3 Cross Street, Sale').manufacturer_country).toBeUndefined();
    expect(
      facts('Manufacturer: Shenzhen Road Traders Ltd, 4 Shenzhen Road, Unit 9').manufacturer_country,
    ).toBeUndefined();
  });
});

describe('a company name under a bare heading, a blank line, then its address', () => {
  it("the address below the blank line is the operator's when it names its country", () => {
    const f = facts('Authorised representative\n\nKT Europe B.V.\n\nKeizersgracht 221, 1016 DV Amsterdam, Netherlands');
    expect(f.responsible_person_address).toBe('Keizersgracht 221, 1016 DV Amsterdam, Netherlands');
    expect(f.responsible_person_country).toBe('NL');
    const doc = fixture('en-doc-medical-qms');
    expect(doc.responsible_person_address).toBe('Harbour House, 3rd Floor, Quay Street, Valletta, VLT 1234, Malta');
    expect(doc.responsible_person_country).toBe('MT');
  });
  it('not without a country (a page break may have cut it), nor below a labelled value', () => {
    expect(
      facts('Authorised representative\n\nKT Europe B.V.\n\nKeizersgracht 221, 2nd Floor').responsible_person_address,
    ).toBeUndefined();
    expect(
      facts('Authorised representative: KT Europe B.V.\n\nKeizersgracht 221, 1016 DV Amsterdam, Netherlands')
        .responsible_person_address,
    ).toBeUndefined();
  });
});
