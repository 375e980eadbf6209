/**
 * The UN Transparency Protocol Digital Product Passport, version 0.7.0 (a W3C Verifiable Credential 2.0
 * whose credentialSubject is the Product; https://untp.unece.org, uncefact/spec-untp), for every product:
 * identifiers, operators, conformity claims (legislation, standards, the declaration of conformity and the
 * test reports as evidence), the safety information. The provenance of every value sits in the credential's
 * `evidence` (VCDM 2.0), one FieldProvenance entry per value; UNTP's own classes have no room for it.
 * Unsigned: the credential is served over HTTPS with its content hash (lib/passports/service.ts).
 */
import { languageName } from '@/lib/i18n/languages';
import { provenanceRecorder } from './provenance';
import type { PassportSource, SourceDocument } from './source';
import { tier } from './tagged';
import type { PassportTier } from './tiers';

export const UNTP_DPP_VERSION = '0.7.0';
export const UNTP_CONTEXT = [
  'https://www.w3.org/ns/credentials/v2',
  `https://vocabulary.uncefact.org/untp/${UNTP_DPP_VERSION}/context/`,
];
const LINK_TYPE = 'https://test.uncefact.org/vocabulary/linkTypes/';

/** Which tier may read a document as evidence: test reports are for authorities (Annex XIII point 3). */
export function documentTier(d: Pick<SourceDocument, 'type' | 'is_public'>): PassportTier {
  if (d.type === 'test_report') return 'authority';
  return d.is_public ? 'public' : 'legitimate_interest';
}

const DOC_LINK_TYPES: Record<string, string> = {
  declaration_of_conformity: 'euDeclarationOfConformity',
  test_report: 'testReport',
  certificate: 'certificate',
  risk_assessment: 'riskAssessment',
  cpsr: 'safetyAssessment',
  safety_data_sheet: 'safetyDataSheet',
  manual: 'instructions',
  other: 'other',
};

function documentLink(d: SourceDocument) {
  return tier(documentTier(d), {
    linkURL: d.url,
    linkName: d.name,
    mediaType: d.mime_type,
    linkType: `${LINK_TYPE}${DOC_LINK_TYPES[d.type] ?? 'other'}`,
    hashDigest: d.sha256,
    hashMethod: 'SHA-256',
  });
}

export const splitList = (v: string | null | undefined) =>
  (v ?? '')
    .split(/;|\n/)
    .map((s) => s.trim())
    .filter(Boolean);

function didWeb(baseUrl: string): string {
  const u = new URL(baseUrl);
  return `did:web:${u.hostname}${u.port ? `%3A${u.port}` : ''}`;
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);

/** The tagged UNTP credential (project it per tier with lib/passports/tagged). */
export function buildUntpPassport(src: PassportSource) {
  const prov = provenanceRecorder(src);
  const f = (key: string, path: string) => prov.take(key, `credentialSubject.${path}`);
  const passportUrl = `${src.base_url}/p/${src.public_id}/passport/${src.version}`;
  const productId = src.sku.gtin14 ? `${src.base_url}/01/${src.sku.gtin14}` : `${src.base_url}/p/${src.public_id}`;

  const relatedParty = src.entities.map((e) => ({
    role: e.role,
    party: {
      type: ['Party'],
      id: `${src.base_url}/p/${src.public_id}#${e.role}`,
      name: e.name,
      ...(e.address_lines.length || e.country
        ? {
            partyAddress: {
              ...(e.street ? { streetAddress: e.street } : {}),
              ...(e.postal_code ? { postalCode: e.postal_code } : {}),
              ...(e.city ? { addressLocality: e.city } : {}),
              ...(e.country ? { addressCountry: { countryCode: e.country } } : {}),
            },
          }
        : {}),
      ...(e.country ? { registrationCountry: { countryCode: e.country } } : {}),
      ...(e.email ? { email: e.email } : {}),
      ...(e.url ? { url: e.url } : {}),
    },
  }));

  const laws = splitList(f('applicable_legislation', 'performanceClaim[].referenceRegulation'));
  const standards = splitList(f('harmonised_standards', 'performanceClaim[].referenceStandard'));
  const doc = src.documents.filter((d) => d.type === 'declaration_of_conformity');
  const evidenceDocs = src.documents.filter((d) =>
    ['declaration_of_conformity', 'test_report', 'certificate', 'risk_assessment', 'cpsr'].includes(d.type),
  );
  const docIssue = f('doc_issue_date', 'performanceClaim[].claimDate');
  const claim = (law: string, i: number) => ({
    type: ['Claim'],
    id: `${passportUrl}#claim-${i + 1}-${slug(law)}`,
    name: `Conformity with ${law}`,
    description: `The ${src.sku.product_name} (${src.sku.sku_code}) conforms to ${law}, as declared by the operator and approved in the workspace.`,
    referenceRegulation: [{ type: ['Regulation'], id: `${passportUrl}#regulation-${slug(law)}`, name: law }],
    ...(standards.length
      ? {
          referenceStandard: standards.map((s) => ({
            type: ['Standard'],
            id: `${passportUrl}#standard-${slug(s)}`,
            name: s,
          })),
        }
      : {}),
    ...(docIssue ? { claimDate: docIssue } : src.approved_at ? { claimDate: src.approved_at.slice(0, 10) } : {}),
    evidence: evidenceDocs.map(documentLink),
    conformityTopic: [
      {
        type: ['ConformityTopic'],
        id: 'https://vocabulary.uncefact.org/conformity-topic/product-safety',
        name: 'Product safety',
      },
    ],
  });
  // The workspace's approval is a GPSR approval: the claim on Regulation (EU) 2023/988 always holds for an
  // approved revision, evidenced by what the person approving accepted.
  const GPSR = 'Regulation (EU) 2023/988 (General Product Safety Regulation)';
  const claims = [GPSR, ...laws.filter((l) => !/2023\/988/.test(l))].map(claim);

  const warnings: Record<string, string> = {};
  const instructions: Record<string, string> = {};
  for (const key of Object.keys(src.fields).sort()) {
    const w = /^safety_warnings_([a-z]{2})$/.exec(key);
    if (w) warnings[w[1]] = f(key, `characteristics.safetyWarnings.${w[1]}`)!;
    const ins = /^instructions_([a-z]{2})$/.exec(key);
    if (ins) instructions[ins[1]] = f(key, `characteristics.instructions.${ins[1]}`)!;
  }

  const description = f('product_description', 'description');
  const model = f('model_number', 'modelNumber');
  const brand = f('brand', 'characteristics.brand');
  const hs = f('hs_code', 'productCategory');
  const origin = f('country_of_origin', 'countryOfProduction');
  const image = f('product_image_url', 'productImage');
  const batch = f('batch_or_serial_scheme', 'characteristics.batchOrSerialScheme');
  const ageGrading = f('age_grading', 'characteristics.ageGrading');
  const marks = [
    f('ce_marking', 'characteristics.ceMarking') === 'yes' ? 'CE' : null,
    ...splitList(f('other_marks', 'productLabel')),
  ].filter((x): x is string => Boolean(x));

  const subject = {
    type: ['Product'],
    id: productId,
    name: src.sku.product_name,
    ...(description ? { description } : {}),
    idScheme: src.sku.gtin14
      ? { type: ['IdentifierScheme'], id: 'https://id.gs1.org/01/', name: 'GS1 Global Trade Item Number (GTIN)' }
      : { type: ['IdentifierScheme'], id: `${src.base_url}/p/`, name: 'Public safety page identifier' },
    ...(model ? { modelNumber: model } : {}),
    idGranularity: 'model',
    ...(hs
      ? {
          productCategory: [
            {
              type: ['Classification'],
              code: hs,
              name: `HS ${hs}`,
              schemeId: 'https://www.wcoomd.org/en/topics/nomenclature/instrument-and-tools/hs-nomenclature.aspx',
              schemeName: 'WCO Harmonized System',
            },
          ],
        }
      : {}),
    ...(image
      ? { productImage: { linkURL: image, linkName: src.sku.product_name, linkType: `${LINK_TYPE}productImage` } }
      : {}),
    characteristics: {
      skuCode: src.sku.sku_code,
      ...(src.sku.gtin14 ? { gtin: src.sku.gtin14 } : {}),
      ...(brand ? { brand } : {}),
      ...(batch ? { batchOrSerialScheme: batch } : {}),
      ...(ageGrading ? { ageGrading } : {}),
      ...(Object.keys(warnings).length ? { safetyWarnings: warnings } : {}),
      ...(Object.keys(instructions).length ? { instructions } : {}),
      safetyInformationLanguages: [...new Set([...Object.keys(warnings), ...Object.keys(instructions)])].map((l) => ({
        code: l,
        name: languageName(l, 'en'),
      })),
    },
    ...(marks.length ? { productLabel: marks.map((m) => ({ name: m })) } : {}),
    relatedDocument: [
      {
        linkURL: `${src.base_url}/p/${src.public_id}`,
        linkName: 'Product safety information (GPSR Art. 19)',
        mediaType: 'text/html',
        linkType: 'https://gs1.org/voc/safetyInfo',
      },
      ...doc.filter((d) => d.is_public).map(documentLink),
      ...src.documents.filter((d) => !evidenceDocs.includes(d) && !doc.includes(d)).map(documentLink),
    ],
    relatedParty,
    ...(origin ? { countryOfProduction: { countryCode: origin } } : {}),
    performanceClaim: claims,
  };

  return {
    '@context': UNTP_CONTEXT,
    type: ['DigitalProductPassport', 'VerifiableCredential'],
    id: passportUrl,
    issuer: { type: ['CredentialIssuer'], id: didWeb(src.base_url), name: src.workspace_name || 'Workspace' },
    validFrom: new Date(src.published_at).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    name: `Digital Product Passport — ${src.sku.product_name}`,
    credentialSubject: subject,
    evidence: prov.entries(),
  };
}
