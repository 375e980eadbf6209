/**
 * Conformance of generated passports with the published schema files (issue 37). Usage:
 *   npx tsx scripts/validate-passports.ts <schemas-dir>
 * <schemas-dir> holds untp-dpp/untp-dpp-schema.json (uncefact/spec-untp) and batterypass-1.2.0/<Module>-schema.json
 * with their sample payloads (batterypass/BatteryPassDataModel). Passports are compiled from the sample
 * sources (lib/passports/sample-source.ts) and validated with Ajv; exit 1 on any finding.
 *
 * Overlays for defects of the published files (applied in memory; the files are never edited):
 *  - Battery Pass: six of the seven files are UTF-16 with a byte-order mark; they are decoded as such.
 *  - Battery Pass: the files declare JSON Schema draft-04, which Ajv 8 does not read: `$schema` is dropped and the
 *    draft-04 boolean exclusiveMinimum/exclusiveMaximum become the numeric form of later drafts (draft04to07).
 *  - Battery Pass GeneralProductInformation: the e-mail pattern `^[w.-]+@[w.-]+.[A-Za-z]{2,}$` lost its
 *    backslashes and refuses real addresses; it is replaced by `^[\w.-]+@[\w.-]+\.[A-Za-z]{2,}$` (as in Circularity).
 *  - UNTP: the copy is the repository's working artefact (0.6 era), whose credentialSubject is a ProductPassport
 *    wrapping `product`; 0.7.0 (what we emit) made the subject the Product and the country of production an
 *    object {countryCode, countryName}, the context the 0.7.0 URL, a classification {code, name, schemeId,
 *    schemeName}. The overlay points credentialSubject at $defs/Product, accepts the 0.7.0 context beside the
 *    working one, and gives countryOfProduction and Classification the 0.7.0 shapes; the rest is as published.
 * Findings in the published sample payloads themselves are printed as notes (they are the publisher's).
 * A battery passport lacking mandatory fields is expected: every `required` finding must be a blocker the
 * passport names; any other finding (type, pattern, enum, unknown key) fails.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { BATTERY_MODULES, buildBatteryPassport } from '@/lib/passports/battery';
import { batterySource } from '@/lib/passports/sample-source';
import { project } from '@/lib/passports/tagged';
import { PASSPORT_TIERS } from '@/lib/passports/tiers';
import { buildUntpPassport } from '@/lib/passports/untp';

const dir = process.argv[2];
if (!dir || !fs.existsSync(dir)) {
  console.error('usage: validate-passports <schemas-dir>');
  process.exit(2);
}
const problems: string[] = [];
const notes: string[] = [];
let checks = 0;

function readJson(file: string): any {
  const b = fs.readFileSync(file);
  const text =
    b[0] === 0xff && b[1] === 0xfe
      ? new TextDecoder('utf-16le').decode(b.subarray(2))
      : b.toString('utf8').replace(/^\uFEFF/, '');
  return JSON.parse(text);
}
const formats = (ajv: Ajv | Ajv2020) => {
  ajv.addFormat('uri', /^[a-z][a-z0-9+.-]*:\S*$/i);
  ajv.addFormat('date-time', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
  ajv.addFormat('date', /^\d{4}-\d{2}-\d{2}$/);
  ajv.addFormat('email', /^[^@\s]+@[^@\s]+$/);
  return ajv;
};
/** Draft-04's `maximum: n, exclusiveMaximum: true` is draft-06+'s `exclusiveMaximum: n` (same for minimum). */
function draft04to07(node: any): any {
  if (Array.isArray(node)) return node.map(draft04to07);
  if (!node || typeof node !== 'object') return node;
  const out: any = {};
  for (const [k, v] of Object.entries(node)) if (k !== '$schema') out[k] = draft04to07(v);
  for (const [ex, bound] of [
    ['exclusiveMaximum', 'maximum'],
    ['exclusiveMinimum', 'minimum'],
  ] as const)
    if (typeof out[ex] === 'boolean') {
      if (out[ex] && typeof out[bound] === 'number') {
        out[ex] = out[bound];
        delete out[bound];
      } else delete out[ex];
    }
  return out;
}
const errs = (v: { errors?: unknown[] | null }) => JSON.stringify(v.errors ?? []).slice(0, 800);

// ---- UNTP DPP -------------------------------------------------------------------------------
const untpSchema = readJson(path.join(dir, 'untp-dpp/untp-dpp-schema.json'));
const untpInstance = readJson(path.join(dir, 'untp-dpp/untp-dpp-instance.json'));
const asPublished = formats(new Ajv2020({ allErrors: true, strict: false, logger: false })).compile(untpSchema);
checks++;
if (!asPublished(untpInstance))
  problems.push(`UNTP: the published sample instance fails its schema: ${errs(asPublished)}`);
const overlaid = structuredClone(untpSchema);
overlaid.properties.credentialSubject = { $ref: '#/$defs/Product' };
overlaid.$defs.Product.properties.countryOfProduction = {
  type: 'object',
  required: ['countryCode'],
  properties: { countryCode: { type: 'string', pattern: '^[A-Z]{2}$' }, countryName: { type: 'string' } },
};
overlaid.properties['@context'].prefixItems[1] = {
  enum: [
    'https://test.uncefact.org/vocabulary/untp/dpp/working/',
    'https://vocabulary.uncefact.org/untp/0.7.0/context/',
  ],
};
overlaid.$defs.Classification = {
  type: 'object',
  required: ['code', 'name'],
  properties: {
    type: { type: 'array', items: { type: 'string' } },
    id: { type: 'string', format: 'uri' },
    code: { type: 'string' },
    name: { type: 'string' },
    schemeId: { type: 'string', format: 'uri' },
    schemeName: { type: 'string' },
  },
  additionalProperties: false,
};
const untp = formats(new Ajv2020({ allErrors: true, strict: false, logger: false })).compile(overlaid);
const samples = {
  battery: batterySource(),
  general: batterySource({ category: 'general', fields: { battery_category: null } }),
  minimal: batterySource({ fields: { hs_code: null, country_of_origin: null, applicable_legislation: null } }),
};
for (const [name, src] of Object.entries(samples))
  for (const t of PASSPORT_TIERS) {
    checks++;
    const doc = project(buildUntpPassport(src), t);
    if (!untp(doc)) problems.push(`UNTP ${name}/${t}: ${errs(untp)}`);
  }
// The validator can fail: a broken credential must be refused.
const broken = project<any>(buildUntpPassport(samples.battery), 'public');
broken.issuer = { name: 'no id' };
checks++;
if (untp(broken)) problems.push('UNTP: a credential without issuer id passed');

// ---- Battery Pass 1.2.0 ----------------------------------------------------------------------
const FILES: Record<string, string> = { Labeling: 'Labeling' };
for (const m of BATTERY_MODULES) {
  const file = path.join(dir, 'batterypass-1.2.0', `${FILES[m] ?? m}-schema.json`);
  const schema = draft04to07(readJson(file));
  const text = JSON.stringify(schema).replaceAll(
    '^[w.-]+@[w.-]+.[A-Za-z]{2,}$',
    '^[\\\\w.-]+@[\\\\w.-]+\\\\.[A-Za-z]{2,}$',
  );
  const validate = formats(new Ajv({ allErrors: true, strict: false, logger: false })).compile(JSON.parse(text));
  const payloadFile = file.replace('-schema.json', '-payload.json');
  if (fs.existsSync(payloadFile)) {
    checks++;
    if (!validate(readJson(payloadFile)))
      notes.push(`Battery Pass ${m}: the published payload fails its own schema: ${errs(validate)}`);
  }
  for (const [name, src] of [
    ['complete', batterySource()],
    [
      'incomplete',
      batterySource({ fields: { battery_chemistry: null, battery_weight_kg: null, operator_identifier: null } }),
    ],
  ] as const) {
    const { tree, blockers } = buildBatteryPassport(src);
    const doc = project<any>(tree, 'authority').modules[m];
    checks++;
    if (validate(doc)) continue;
    for (const e of validate.errors ?? []) {
      const where = `${m}${e.instancePath.replaceAll('/', '.')}`;
      const field =
        e.keyword === 'required' ? `${where}.${(e.params as { missingProperty: string }).missingProperty}` : where;
      const named = blockers.some(
        (b) => field === b.field || field.startsWith(`${b.field}.`) || b.field.startsWith(`${field}.`),
      );
      if (e.keyword === 'required' && named) continue;
      problems.push(
        `Battery Pass ${name} ${field}: ${e.keyword} ${e.message}${e.keyword === 'required' ? ' (and no passport blocker names it)' : ''}`,
      );
    }
  }
}
const badBattery = project<any>(buildBatteryPassport(batterySource()).tree, 'authority').modules
  .GeneralProductInformation;
badBattery.batteryCategory = 'portable';
{
  const schema = draft04to07(readJson(path.join(dir, 'batterypass-1.2.0/GeneralProductInformation-schema.json')));
  const v = formats(new Ajv({ allErrors: true, strict: false, logger: false })).compile(schema);
  checks++;
  if (v(badBattery) || !(v.errors ?? []).some((e) => e.keyword === 'enum'))
    problems.push('Battery Pass: a category outside the model passed');
}

console.log(`validate-passports: ${checks} checks against ${dir}`);
for (const n of notes) console.log(`note: ${n}`);
for (const p of problems) console.log(`- ${p}`);
if (problems.length) {
  console.log(`${problems.length} problem(s)`);
  process.exit(1);
}
console.log('all generated passports conform (with the documented overlays)');
