/**
 * The project's own structural schema of a UNTP Digital Product Passport 0.7.0 credential, written from
 * the published artefacts (https://untp.unece.org/artefacts/schema/v0.7.0/dpp/DigitalProductPassport.json
 * and its sample instance): the parts this workspace emits, with the published required keys, types,
 * enumerations and URI/date formats. The unit tests check generated passports with it; the CI step
 * (scripts/validate-passports.ts) checks them against the published schema files when they are at hand.
 */
import { z } from 'zod';

const typeWith = (t: string) => z.array(z.string()).refine((a) => a.includes(t), { message: `type must contain ${t}` });
const uri = z.string().regex(/^[a-z][a-z0-9+.-]*:[^\s]+$/i, 'a URI');
const isoDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const UntpLink = z.object({
  linkURL: uri,
  linkName: z.string().optional(),
  mediaType: z.string().optional(),
  linkType: z.string().optional(),
  hashDigest: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
  hashMethod: z.enum(['SHA-256', 'SHA-1']).optional(),
});

const Identified = (t: string) => z.object({ type: typeWith(t).optional(), id: uri, name: z.string().min(1) });

export const UntpClaim = z.object({
  type: typeWith('Claim'),
  id: uri,
  name: z.string().optional(),
  description: z.string().optional(),
  referenceRegulation: z.array(Identified('Regulation')).optional(),
  referenceStandard: z.array(Identified('Standard')).optional(),
  claimDate: isoDate.optional(),
  evidence: z.array(UntpLink).optional(),
  conformityTopic: z.array(Identified('ConformityTopic')).min(1),
});

const Country = z.object({ countryCode: z.string().regex(/^[A-Z]{2}$/), countryName: z.string().optional() });

export const UntpProduct = z.object({
  type: typeWith('Product'),
  id: uri,
  name: z.string().min(1),
  description: z.string().optional(),
  idScheme: z.object({ type: typeWith('IdentifierScheme').optional(), id: uri, name: z.string() }).optional(),
  modelNumber: z.string().optional(),
  batchNumber: z.string().optional(),
  itemNumber: z.string().optional(),
  idGranularity: z.enum(['model', 'batch', 'item']).optional(),
  productCategory: z
    .array(z.object({ code: z.string(), name: z.string(), schemeId: uri, schemeName: z.string() }))
    .optional(),
  productImage: UntpLink.optional(),
  characteristics: z.record(z.string(), z.unknown()).optional(),
  relatedDocument: z.array(UntpLink).optional(),
  relatedParty: z
    .array(
      z.object({ role: z.string(), party: Identified('Party').extend({ registrationCountry: Country.optional() }) }),
    )
    .optional(),
  countryOfProduction: Country.optional(),
  productionDate: isoDate.optional(),
  performanceClaim: z.array(UntpClaim).optional(),
});

export const UntpDppCredential = z.object({
  '@context': z
    .array(z.string())
    .refine((c) => c[0] === 'https://www.w3.org/ns/credentials/v2', 'the VC 2.0 context comes first')
    .refine((c) => c.some((x) => /untp\/0\.7\.0\/context/.test(x)), 'the UNTP 0.7.0 context'),
  type: typeWith('DigitalProductPassport').refine((a) => a.includes('VerifiableCredential')),
  id: uri,
  issuer: z.object({
    type: typeWith('CredentialIssuer').optional(),
    id: z.string().regex(/^did:/),
    name: z.string().min(1),
  }),
  validFrom: isoDateTime.optional(),
  validUntil: isoDateTime.optional(),
  name: z.string().optional(),
  credentialSubject: UntpProduct,
  evidence: z.array(z.object({ type: z.array(z.string()).min(1) }).loose()).optional(),
});
