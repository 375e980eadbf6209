/**
 * Import column mapping: header synonyms in five languages with confidence and reason, per-language
 * columns, roles from neighbouring columns and from values (GTIN, e-mail, UPC), product-name fallbacks,
 * and explicit mappings.
 */
import { describe, expect, it } from 'vitest';
import { explicitMappingSchema } from '@/lib/imports/fields';
import { mapColumns } from '@/lib/imports/mapping';

function targets(headers: string[], sampleRows: string[][] = [], explicit?: unknown) {
  const r = mapColumns({ headers, sampleRows, explicit });
  return { r, t: Object.fromEntries(r.columns.map((c) => [c.header, c.target])) };
}

describe('header synonyms in five languages', () => {
  it('English', () => {
    const { t } = targets([
      'SKU',
      'Product Name',
      'EAN',
      'Manufacturer',
      'Manufacturer Address',
      'Manufacturer Email',
      'Country of Origin',
      'Safety Warnings',
      'Instructions for use',
      'Brand',
      'HS Code',
      'Importer',
      'EU Responsible Person',
    ]);
    expect(t).toEqual({
      SKU: 'sku_code',
      'Product Name': 'product_name',
      EAN: 'gtin',
      Manufacturer: 'manufacturer_name',
      'Manufacturer Address': 'manufacturer_address',
      'Manufacturer Email': 'manufacturer_email',
      'Country of Origin': 'country_of_origin',
      'Safety Warnings': 'safety_warnings_en',
      'Instructions for use': 'instructions_en',
      Brand: 'brand',
      'HS Code': 'hs_code',
      Importer: 'importer_name',
      'EU Responsible Person': 'responsible_person_name',
    });
  });

  it('German', () => {
    const { t } = targets([
      'Artikelnummer',
      'Bezeichnung',
      'EAN-Code',
      'Hersteller',
      'Herstelleranschrift',
      'Hersteller E-Mail',
      'Ursprungsland',
      'Warnhinweise',
      'Gebrauchsanleitung',
      'Marke',
      'Inverkehrbringer',
      'Zolltarifnummer',
      'CE-Kennzeichnung',
      'Zielmärkte',
    ]);
    expect(t).toEqual({
      Artikelnummer: 'sku_code',
      Bezeichnung: 'product_name',
      'EAN-Code': 'gtin',
      Hersteller: 'manufacturer_name',
      Herstelleranschrift: 'manufacturer_address',
      'Hersteller E-Mail': 'manufacturer_email',
      Ursprungsland: 'country_of_origin',
      Warnhinweise: 'safety_warnings_de',
      Gebrauchsanleitung: 'instructions_de',
      Marke: 'brand',
      Inverkehrbringer: 'importer_name',
      Zolltarifnummer: 'hs_code',
      'CE-Kennzeichnung': 'ce_marking',
      Zielmärkte: 'target_markets',
    });
    expect(targets(['Art.-Nr.']).t['Art.-Nr.']).toBe('sku_code');
  });

  it('French', () => {
    const { t } = targets([
      'Référence',
      'Désignation',
      'Code EAN',
      'Fabricant',
      'Adresse du fabricant',
      'Courriel du fabricant',
      "Pays d'origine",
      'Avertissements',
      "Mode d'emploi",
      'Marque',
      'Importateur',
    ]);
    expect(t).toEqual({
      Référence: 'sku_code',
      Désignation: 'product_name',
      'Code EAN': 'gtin',
      Fabricant: 'manufacturer_name',
      'Adresse du fabricant': 'manufacturer_address',
      'Courriel du fabricant': 'manufacturer_email',
      "Pays d'origine": 'country_of_origin',
      Avertissements: 'safety_warnings_fr',
      "Mode d'emploi": 'instructions_fr',
      Marque: 'brand',
      Importateur: 'importer_name',
    });
  });

  it('Spanish', () => {
    const { t } = targets([
      'Referencia',
      'Nombre del producto',
      'Código EAN',
      'Fabricante',
      'Dirección del fabricante',
      'País de origen',
      'Advertencias',
      'Instrucciones de uso',
      'Marca',
      'Importador',
      'Persona responsable',
    ]);
    expect(t).toEqual({
      Referencia: 'sku_code',
      'Nombre del producto': 'product_name',
      'Código EAN': 'gtin',
      Fabricante: 'manufacturer_name',
      'Dirección del fabricante': 'manufacturer_address',
      'País de origen': 'country_of_origin',
      Advertencias: 'safety_warnings_es',
      'Instrucciones de uso': 'instructions_es',
      Marca: 'brand',
      Importador: 'importer_name',
      'Persona responsable': 'responsible_person_name',
    });
  });

  it('Italian', () => {
    const { t } = targets([
      'Codice articolo',
      'Nome prodotto',
      'Codice EAN',
      'Produttore',
      'Indirizzo del produttore',
      'Email del produttore',
      'Paese di origine',
      'Avvertenze',
      "Istruzioni per l'uso",
      'Marchio',
      'Importatore',
    ]);
    expect(t).toEqual({
      'Codice articolo': 'sku_code',
      'Nome prodotto': 'product_name',
      'Codice EAN': 'gtin',
      Produttore: 'manufacturer_name',
      'Indirizzo del produttore': 'manufacturer_address',
      'Email del produttore': 'manufacturer_email',
      'Paese di origine': 'country_of_origin',
      Avvertenze: 'safety_warnings_it',
      "Istruzioni per l'uso": 'instructions_it',
      Marchio: 'brand',
      Importatore: 'importer_name',
    });
  });

  it('takes the language of a per-language column from the header when it names one', () => {
    const { t } = targets(['Warnhinweise (FR)', 'Warnings Italian', 'safety_warnings_es', 'Sicherheitshinweise EN']);
    expect(t).toEqual({
      'Warnhinweise (FR)': 'safety_warnings_fr',
      'Warnings Italian': 'safety_warnings_it',
      safety_warnings_es: 'safety_warnings_es',
      'Sicherheitshinweise EN': 'safety_warnings_en',
    });
  });

  it('gives every mapping a confidence and a reason', () => {
    const { r } = targets(['Artikelnummer', 'Inverkehrbringer', 'Freitext']);
    expect(r.columns[0]).toMatchObject({ target: 'sku_code', reason: 'header_synonym', confidence: 0.95 });
    expect(r.columns[1].reason).toBe('header_role_attribute');
    expect(r.columns[1].confidence).toBeLessThan(0.9);
    expect(r.columns[1].detail).toMatch(/Inverkehrbringer/);
    expect(r.unmapped).toEqual([{ index: 2, header: 'Freitext', reason: 'no_match', detail: expect.any(String) }]);
    expect(r.missing_required).toEqual(['product_name']);
  });
});

describe('neighbours and content', () => {
  it('gives a bare "E-Mail" / "Adresse" the role of the operator column on its left', () => {
    const { t, r } = targets(['SKU', 'Name', 'Importeur', 'Adresse', 'E-Mail', 'Land']);
    expect(t).toMatchObject({
      Importeur: 'importer_name',
      Adresse: 'importer_address',
      'E-Mail': 'importer_email',
      Land: 'importer_country',
    });
    expect(r.columns[4].reason).toBe('neighbour_role');
  });

  it('recognises an unnamed GTIN column and an email column by their values', () => {
    const rows = [
      ['A1', 'Ball', '4006381333931', 'info@acme.example', 'x'],
      ['A2', 'Puppe', '036000291452', 'info@acme.example', 'y'],
      ['A3', 'Kreisel', '42272005581', 'sales@acme.example', 'z'],
    ];
    const { r, t } = targets(['Artikelnummer', 'Bezeichnung', 'Code', 'Kontakt', 'Bemerkung'], rows);
    expect(t.Code).toBe('gtin');
    expect(r.columns[2].reason).toBe('content_gtin');
    expect(t.Kontakt).toBe('manufacturer_email');
    expect(r.columns[3].reason).toBe('content_email');
    expect(t.Bemerkung).toBeNull();
  });

  it('prefers the UPC column whose values are GTINs over one that only has the name', () => {
    const rows = [
      ['42272-00558', '0-42272-00558-1'],
      ['42272-00589', '0-42272-00589-5'],
      ['42272-00587', '0-42272-00587-1'],
      ['42272-00001', '0-42272-00001-2'],
    ];
    const { r, t } = targets(['UPC', '12 UPC'], rows);
    expect(t['12 UPC']).toBe('gtin');
    expect(t.UPC).toBeNull();
    expect(r.columns[0].reason).toBe('duplicate_target');
  });

  it('uses a short description as product name when there is no name column', () => {
    const rows = [
      ['20278', 'LIS Refried Black Beans'],
      ['20279', 'LIS Traditional Refried Beans'],
    ];
    const { r, t } = targets(['UNFI', 'Long Description'], rows);
    expect(t['Long Description']).toBe('product_name');
    expect(r.columns[1].reason).toBe('fallback_product_name');
  });
});

describe('explicit mapping', () => {
  it('overrides automatic mapping by header or index and ignores columns mapped to null', () => {
    const { r, t } = targets(['Nummer', 'Titel', 'EAN', 'Notiz'], [], {
      Nummer: 'sku_code',
      '2': null,
      notiz: 'product_description',
    });
    expect(t).toEqual({ Nummer: 'sku_code', Titel: 'product_name', EAN: null, Notiz: 'product_description' });
    expect(r.columns[0]).toMatchObject({ reason: 'explicit', confidence: 1 });
    expect(r.columns[2].reason).toBe('explicit_ignore');
  });

  it('takes the target away from an automatically mapped column', () => {
    const { t } = targets(['SKU', 'Interne Nummer'], [], { 'Interne Nummer': 'sku_code' });
    expect(t).toEqual({ SKU: null, 'Interne Nummer': 'sku_code' });
  });

  it('reports unknown columns, unknown targets and duplicate targets', () => {
    expect(mapColumns({ headers: ['A'], explicit: { Z: 'sku_code' } }).errors[0]).toMatchObject({
      column: 'Z',
      code: 'unknown_column',
    });
    expect(explicitMappingSchema.safeParse({ A: 'colour' }).success).toBe(false);
    expect(explicitMappingSchema.safeParse({ A: 'safety_warnings_xx' }).success).toBe(false);
    expect(explicitMappingSchema.safeParse({ A: 'safety_warnings_pl', B: null }).success).toBe(true);
    const dup = mapColumns({ headers: ['A', 'B'], explicit: { A: 'sku_code', B: 'sku_code' } });
    expect(dup.errors[0].code).toBe('duplicate_target');
  });
});
