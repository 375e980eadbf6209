/**
 * The record the EU DPP registry (Implementing Regulation (EU) 2026/1778) takes for each passport, as files
 * for its upload (at most 100 records a file). The registry's own upload template is not public (it is
 * downloadable only inside the registry's application); the best published schema is the CIRPASS-2 mock
 * registry's (CIRPASS-2/mock-eu-registry, main/src/main/resources/json-schema/default-schema.json, "EU DPP
 * Registry Metadata"): REGISTRY_RECORD_SCHEMA below is a transcription of it, and every record is checked
 * against it with Ajv before it is offered. Beside the mock's fields each record carries the passport
 * version and its content hash (the registry's proof of registration names the hash of the DPP version).
 */
import { z } from 'zod';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { dossierValues, passports, publicPages, skus } from '@/lib/db/schema';
import { canonicalSha256 } from './canonical';

export const REGISTRY_FILE_MAX_RECORDS = 100;

export const REGISTRY_RECORD_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: 'EU DPP Registry Metadata (CIRPASS-2 mock registry default-schema.json)',
  type: 'object',
  required: ['upi', 'reoId', 'liveURL', 'backupURL', 'commodityCode', 'facilitiesId', 'granularityLevel'],
  properties: {
    upi: { type: 'string', minLength: 1, maxLength: 200 },
    reoId: { type: 'string', minLength: 1, maxLength: 50 },
    facilitiesId: { type: 'array', uniqueItems: true, minItems: 1, items: { type: 'string', maxLength: 250 } },
    liveURL: { type: 'string', format: 'uri', pattern: '^https://' },
    backupURL: { type: 'string', format: 'uri', pattern: '^https://' },
    commodityCode: { type: 'string', pattern: '^[0-9]{4,10}$' },
    granularityLevel: { type: 'string', enum: ['MODEL', 'BATCH', 'ITEM'] },
    deactivated: { type: ['boolean', 'null'] },
  },
  if: { properties: { granularityLevel: { const: 'ITEM' } } },
  then: { required: ['deactivated'] },
  else: { not: { required: ['deactivated'] } },
} as const;

/**
 * The same rules as REGISTRY_RECORD_SCHEMA, for the running app (Ajv is a development dependency); the unit
 * test validates exported records with Ajv against the JSON schema itself, so the two cannot drift apart.
 */
const RegistryRecordRules = z.object({
  upi: z.string().min(1).max(200),
  reoId: z.string().min(1).max(50),
  facilitiesId: z
    .array(z.string().max(250))
    .min(1)
    .refine((a) => new Set(a).size === a.length, 'unique items'),
  liveURL: z.string().regex(/^https:\/\/\S+$/),
  backupURL: z.string().regex(/^https:\/\/\S+$/),
  commodityCode: z.string().regex(/^[0-9]{4,10}$/),
  granularityLevel: z.enum(['MODEL', 'BATCH', 'ITEM']),
});
function validateRecord(record: unknown) {
  const r = RegistryRecordRules.safeParse(record);
  return r.success ? [] : r.error.issues.map((i) => `/${i.path.join('/')} ${i.message}`);
}

export interface RegistryRecord {
  upi: string;
  reoId: string;
  liveURL: string;
  backupURL: string;
  commodityCode: string;
  facilitiesId: string[];
  granularityLevel: 'MODEL';
  dppVersion: number;
  dppVersionHash: string;
}

export interface SkippedPassport {
  sku_id: string;
  sku_code: string;
  version: number;
  problems: string[];
}

/** The registry record of one passport version (pure), with what keeps it from the file. */
export function registryRecordOf(args: {
  baseUrl: string;
  publicId: string;
  version: number;
  contentSha256: string;
  gtin14: string | null;
  skuCode: string;
  fields: Record<string, string>;
}): { record: RegistryRecord; problems: string[] } {
  const base = args.baseUrl.replace(/\/+$/, '');
  const hs = (args.fields.hs_code ?? '').replace(/\D/g, '');
  const record: RegistryRecord = {
    // A GTIN as a GS1 Digital Link URI (ISO/IEC 15459 through GS1); else the passport's own address.
    upi: args.gtin14 ? `https://id.gs1.org/01/${args.gtin14}` : `${base}/p/${args.publicId}`,
    reoId: args.fields.operator_identifier ?? '',
    liveURL: `${base}/p/${args.publicId}/passport`,
    backupURL: `${base}/p/${args.publicId}/passport/${args.version}`,
    commodityCode: hs,
    facilitiesId: args.fields.facility_identifier ? [args.fields.facility_identifier] : [],
    granularityLevel: 'MODEL',
    dppVersion: args.version,
    dppVersionHash: args.contentSha256,
  };
  const problems = validateRecord(record);
  if (!record.reoId) problems.unshift('no unique operator identifier (dossier field operator_identifier)');
  if (!record.facilitiesId.length) problems.unshift('no facility identifier (dossier field facility_identifier)');
  if (!/^[0-9]{4,10}$/.test(hs)) problems.unshift('no commodity code of 4 to 10 digits (dossier field hs_code)');
  if (!base.startsWith('https://')) problems.unshift('the app is not served over https (PUBLIC_APP_URL)');
  return { record, problems: [...new Set(problems)] };
}

const REGISTRY_FIELDS = ['hs_code', 'operator_identifier', 'facility_identifier'];

/**
 * Every SKU's latest passport as registry records, in files of at most 100, and the passports that cannot
 * be registered yet with the reasons. Withdrawn pages are left out.
 */
export async function registryExport(db: Db, { workspaceId, baseUrl }: { workspaceId: string; baseUrl: string }) {
  const rows = await db
    .select({
      skuId: passports.skuId,
      version: passports.version,
      publicId: passports.publicId,
      contentSha256: passports.contentSha256,
      documents: passports.documents,
      skuCode: skus.skuCode,
      gtin: skus.gtin,
    })
    .from(passports)
    .innerJoin(skus, and(eq(skus.id, passports.skuId), eq(skus.workspaceId, workspaceId)))
    .innerJoin(publicPages, and(eq(publicPages.publicId, passports.publicId), isNull(publicPages.withdrawnAt)))
    .where(eq(passports.workspaceId, workspaceId))
    .orderBy(passports.skuId, desc(passports.version));
  const latest = new Map<string, (typeof rows)[number]>();
  for (const r of rows) if (!latest.has(r.skuId)) latest.set(r.skuId, r);
  const values = latest.size
    ? await db
        .select({ skuId: dossierValues.skuId, key: dossierValues.fieldKey, value: dossierValues.value })
        .from(dossierValues)
        .where(
          and(
            eq(dossierValues.workspaceId, workspaceId),
            eq(dossierValues.status, 'confirmed'),
            isNull(dossierValues.supersededAt),
          ),
        )
    : [];
  const bySku = new Map<string, Record<string, string>>();
  for (const v of values)
    if (REGISTRY_FIELDS.includes(v.key) && latest.has(v.skuId))
      (bySku.get(v.skuId) ?? bySku.set(v.skuId, {}).get(v.skuId)!)[v.key] = v.value;

  const records: RegistryRecord[] = [];
  const skipped: SkippedPassport[] = [];
  for (const r of latest.values()) {
    const subject = (r.documents.untp_dpp?.public as { credentialSubject?: { characteristics?: { gtin?: string } } })
      ?.credentialSubject;
    const { record, problems } = registryRecordOf({
      baseUrl,
      publicId: r.publicId,
      version: r.version,
      contentSha256: r.contentSha256,
      gtin14: subject?.characteristics?.gtin ?? null,
      skuCode: r.skuCode,
      fields: bySku.get(r.skuId) ?? {},
    });
    if (problems.length) skipped.push({ sku_id: r.skuId, sku_code: r.skuCode, version: r.version, problems });
    else records.push(record);
  }
  const files: RegistryRecord[][] = [];
  for (let i = 0; i < records.length; i += REGISTRY_FILE_MAX_RECORDS)
    files.push(records.slice(i, i + REGISTRY_FILE_MAX_RECORDS));
  return {
    schema: REGISTRY_RECORD_SCHEMA.title,
    template_note:
      "The EU registry's own upload template is not public; records follow the CIRPASS-2 mock registry schema.",
    files: files.map((f, i) => ({ part: i + 1, records: f.length, sha256: canonicalSha256(f) })),
    records_total: records.length,
    skipped,
    content: files,
  };
}
