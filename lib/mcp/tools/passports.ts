import { z } from 'zod';
import { assertTier, tierOfScopes } from '@/lib/passports/access';
import { PassportFormatEnum, PassportTierEnum } from '@/lib/passports/schemas';
import { getPassportRow, listPassports, passportDocument } from '@/lib/passports/service';
import { getSkuRow } from '@/lib/skus/service';
import { defineTool } from '../define-tool';
import { pageArgs, pageOf, slicePage } from '../paging';
import { IdArg, TEXT_BUDGET, budgetText } from '../views';

const BlockerView = z.object({
  format: z.string(),
  field: z.string().describe('module and path in the format'),
  annex_xiii: z.string().nullable().describe('the point of Regulation (EU) 2023/1542 Annex XIII'),
  dossier_field: z.string().nullable(),
  message: z.string(),
});

const PassportVersionView = z.object({
  version: z.number().int(),
  revision: z.number().int().describe('the published revision it was compiled from'),
  latest: z.boolean(),
  formats: z.array(z.string()).describe('untp_dpp (every product), battery_pass (LMT, industrial, EV batteries)'),
  content_sha256: z.string(),
  complete: z.boolean(),
  blockers: z.array(BlockerView).describe("mandatory fields the passport lacks (they never block the SKU's approval)"),
  compiled_at: z.string(),
  public_urls: z.record(z.string(), z.string()).describe('format → URL of the public document'),
});

export const listPassportsTool = defineTool({
  name: 'list_passports',
  title: 'List passport versions',
  description:
    "A SKU's digital product passport versions, newest first: the published revision each was compiled from, its formats, content hash, " +
    'the public URL of each format, and the mandatory fields it lacks (battery passport: with their Annex XIII point). ' +
    "readable_tier says the highest access tier this key's scopes let get_passport return.",
  input: z.object({ sku_id: IdArg('SKU'), ...pageArgs }),
  output: pageOf(PassportVersionView).extend({
    readable_tier: PassportTierEnum.describe(
      'public; legitimate_interest with passports:read; authority with passports-authority:read',
    ),
  }),
  example: {
    arguments: { sku_id: '0192f0c4-…' },
    says: 'v2 from revision 2 (untp_dpp, battery_pass), 1 missing field: Annex XIII 1(c) carbon footprint class …',
  },
  async run({ db, workspaceId, origin, scopes }, a) {
    const { passports } = await listPassports(db, { workspaceId, skuId: a.sku_id, baseUrl: origin });
    const all = passports.map((p) => ({
      version: p.version,
      revision: p.revision,
      latest: p.latest,
      formats: p.formats,
      content_sha256: p.content_sha256,
      complete: p.complete,
      blockers: p.blockers.map((b) => ({
        format: b.format,
        field: b.field,
        annex_xiii: b.annex_xiii,
        dossier_field: b.dossier_field,
        message: b.message,
      })),
      compiled_at: p.compiled_at,
      public_urls: Object.fromEntries(Object.entries(p.urls).map(([f, tiers]) => [f, tiers.public])),
    }));
    return { ...slicePage(all, a.cursor, a.limit), readable_tier: tierOfScopes(scopes) };
  },
  text: (o) =>
    o.items.length
      ? budgetText([
          `${o.items.length} passport version(s); this key reads up to the ${o.readable_tier} tier.`,
          ...o.items.flatMap((p) => [
            `- v${p.version}${p.latest ? ' (latest)' : ''} from revision ${p.revision}: ${p.formats.join(', ')}; sha256 ${p.content_sha256.slice(0, 16)}…; ` +
              `${p.complete ? 'complete' : `${p.blockers.length} missing field(s)`} ${Object.values(p.public_urls)[0] ?? ''}`,
            ...p.blockers.map(
              (b) =>
                `  - missing ${b.field}${b.annex_xiii ? ` (Annex XIII ${b.annex_xiii})` : ''}${b.dossier_field ? `, dossier field ${b.dossier_field}` : ''}`,
            ),
          ]),
          ...(o.has_more ? ['(more: pass next_cursor)'] : []),
        ])
      : 'No passport: the SKU has not been published since passports exist (a publication compiles one).',
});

export const getPassportTool = defineTool({
  name: 'get_passport',
  title: 'Read a passport',
  description:
    "One passport document of a SKU: the latest version or the given one, in a format (untp_dpp: UNTP DPP 0.7 JSON-LD; battery_pass: Battery Pass 1.2.0) and an access tier. The public tier is always readable; legitimate_interest needs the key's passports:read scope, authority passports-authority:read. " +
    'document is the stored document itself (its sha256 is over its canonical JSON). passport is null when the SKU has no passport yet.',
  input: z.object({
    sku_id: IdArg('SKU'),
    version: z.number().int().min(1).max(1_000_000).optional().describe('The version; the latest when omitted.'),
    format: PassportFormatEnum.default('untp_dpp').describe('untp_dpp (default) or battery_pass'),
    tier: PassportTierEnum.default('public').describe('public (default), legitimate_interest or authority'),
  }),
  output: z.object({
    sku_id: z.string(),
    passport: z
      .object({
        version: z.number().int(),
        revision: z.number().int(),
        latest: z.boolean(),
        format: PassportFormatEnum,
        tier: PassportTierEnum,
        media_type: z.string(),
        sha256: z.string().describe('sha256 of the canonical JSON of document'),
        url: z.string().describe('where the document is served (the public tier needs no credentials)'),
        document: z.record(z.string(), z.unknown()),
      })
      .nullable(),
    message: z.string().nullable(),
  }),
  example: {
    arguments: { sku_id: '0192f0c4-…', format: 'battery_pass' },
    says: 'Battery passport v2 (public tier): GeneralProductInformation.productIdentifier …, batteryCategory LMT …',
  },
  async run({ db, workspaceId, origin, scopes }, a) {
    await getSkuRow(db, { workspaceId, id: a.sku_id });
    assertTier(tierOfScopes(scopes), a.tier, "this API key's scopes");
    const { passports } = await listPassports(db, { workspaceId, skuId: a.sku_id, baseUrl: origin });
    const latest = passports[0];
    if (!latest && a.version === undefined)
      return {
        sku_id: a.sku_id,
        passport: null,
        message: 'The SKU has no passport yet: a publication compiles one.',
      };
    const version = a.version ?? latest.version;
    const row = await getPassportRow(db, { workspaceId, skuId: a.sku_id, version });
    const doc = passportDocument(row, a.format, a.tier);
    const listed = passports.find((p) => p.version === version);
    return {
      sku_id: a.sku_id,
      passport: {
        version,
        revision: row.revision,
        latest: version === latest?.version,
        format: doc.format,
        tier: doc.tier,
        media_type: doc.media_type,
        sha256: doc.sha256,
        url: listed?.urls[a.format]?.[a.tier] ?? '',
        document: doc.document,
      },
      message: null,
    };
  },
  text: (o) => {
    const p = o.passport;
    if (!p) return o.message ?? 'No passport.';
    const head = `Passport v${p.version}${p.latest ? ' (latest)' : ''} from revision ${p.revision}, ${p.format}, ${p.tier} tier, sha256 ${p.sha256} (${p.url}):`;
    const json = JSON.stringify(p.document, null, 1);
    const room = TEXT_BUDGET - head.length - 120;
    return json.length <= room
      ? `${head}\n${json}`
      : `${head}\n${json.slice(0, room)}\n… ${json.length - room} more characters (the whole document is in structuredContent).`;
  },
});
