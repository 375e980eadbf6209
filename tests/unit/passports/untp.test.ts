/**
 * The UNTP DPP 0.7 credential the compiler emits: valid against the project's schema written from the
 * published 0.7.0 artefacts, and the schema refuses deliberately broken credentials (so it can fail).
 */
import { describe, expect, it } from 'vitest';
import { project } from '@/lib/passports/tagged';
import { buildUntpPassport } from '@/lib/passports/untp';
import { UntpDppCredential } from '@/lib/passports/untp-schema';
import { batterySource } from '@/lib/passports/sample-source';

const publicDoc = () => project<Record<string, any>>(buildUntpPassport(batterySource()), 'public');

describe('UNTP DPP 0.7 credential', () => {
  it('is valid in every tier', () => {
    for (const t of ['public', 'legitimate_interest', 'authority'] as const) {
      const r = UntpDppCredential.safeParse(project(buildUntpPassport(batterySource()), t));
      expect(r.error, t).toBeUndefined();
    }
  });

  it('carries product, GTIN identifier scheme, operators, claims with evidence and safety information', () => {
    const d = publicDoc();
    const s = d.credentialSubject;
    expect(d.issuer.id).toBe('did:web:app.example');
    expect(s.id).toBe('https://app.example/01/04012345678901');
    expect(s.modelNumber).toBe('EB-48V-14');
    expect(s.relatedParty[0]).toMatchObject({ role: 'manufacturer', party: { name: 'Voltwerk GmbH' } });
    expect(s.performanceClaim.map((c: any) => c.referenceRegulation[0].name)).toEqual([
      expect.stringContaining('2023/988'),
      'Regulation (EU) 2023/1542',
    ]);
    expect(s.performanceClaim[1].referenceStandard[0].name).toBe('EN 50604-1:2016');
    expect(s.performanceClaim[1].evidence).toEqual([
      expect.objectContaining({ linkName: 'EU declaration of conformity EB-48.pdf', hashDigest: 'a'.repeat(64) }),
    ]);
    expect(s.characteristics.safetyWarnings.en).toContain('short-circuit');
  });

  it('records the provenance of each value (document, page and quote of a public source only above public)', () => {
    const model = (t: 'public' | 'legitimate_interest' | 'authority') =>
      project<any>(buildUntpPassport(batterySource()), t).evidence.find((e: any) => e.dossierField === 'model_number');
    expect(model('public')).toMatchObject({ path: 'credentialSubject.modelNumber', source: 'document_extraction' });
    expect(model('public').document).toBeUndefined(); // the datasheet is not public
    expect(model('legitimate_interest').document).toMatchObject({
      name: 'Datasheet EB-48.pdf',
      page: 2,
      quote: 'Model EB-48V-14',
    });
    expect(model('legitimate_interest').confirmedBy).toBeUndefined();
    expect(model('authority').confirmedBy).toBe('reviewer@example.test');
  });

  it('the schema refuses broken credentials', () => {
    const broken: Array<[string, (d: any) => void]> = [
      ['no issuer DID', (d) => (d.issuer.id = 'https://not-a-did.example')],
      ['no Product type', (d) => (d.credentialSubject.type = ['Thing'])],
      ['no subject name', (d) => delete d.credentialSubject.name],
      ['bad granularity', (d) => (d.credentialSubject.idGranularity = 'pallet')],
      ['claim without topic', (d) => delete d.credentialSubject.performanceClaim[0].conformityTopic],
      ['evidence link without URL', (d) => (d.credentialSubject.performanceClaim[1].evidence[0].linkURL = 'not a uri')],
      ['bad hash', (d) => (d.credentialSubject.performanceClaim[1].evidence[0].hashDigest = 'xyz')],
      [
        '0.6 context',
        (d) =>
          (d['@context'] = [
            'https://www.w3.org/ns/credentials/v2',
            'https://test.uncefact.org/vocabulary/untp/dpp/working/',
          ]),
      ],
      ['date-time without zone', (d) => (d.validFrom = '2026-11-28 09:00')],
      ['country code', (d) => (d.credentialSubject.countryOfProduction = { countryCode: 'Germany' })],
    ];
    for (const [name, breakIt] of broken) {
      const d = publicDoc();
      breakIt(d);
      expect(UntpDppCredential.safeParse(d).success, name).toBe(false);
    }
  });
});
