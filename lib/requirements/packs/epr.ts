/**
 * Extended producer responsibility: the producer's registration number in each target market's register
 * for electrical and electronic equipment (WEEE), batteries and packaging (e.g. LUCID in Germany). Three
 * regime packs, one per register; marketplaces ask for the numbers per country, so the exports carry the
 * fields. A registration is per Member State: one blocker lists the markets without a number.
 */
import { art } from '../packs';
import type { RegimePack } from '../regimes';

const NATIONAL =
  "The duty to register before making the product available, and the marketplaces' duty to check the number, are in the national law of each Member State (e.g. Germany: ElektroG, BattDG, VerpackG with LUCID).";

export function eprWeeePack(): RegimePack {
  return {
    id: 'epr-weee@2026-11',
    section: 'epr-weee',
    title: 'EPR: WEEE producer registration per country (Directive 2012/19/EU)',
    summary:
      'Electrical and electronic equipment (the electrical category, or any product confirmed as electrically powered): a WEEE registration number for each EU/EEA target market.',
    applies: { categories: ['electrical'], fields_yes: ['electrically_powered'] },
    rules: [
      {
        id: 'epr.weee_registration',
        code: 'EPR_WEEE_REGISTRATION_MISSING',
        // The producer of the EPR acts: who first makes the product available in the country (a distributor
        // buying there does not register).
        roles: ['manufacturer', 'importer'],
        severity: 'blocker',
        legal: [
          art('weee', '16', '2'),
          art(
            'weee',
            '17',
            undefined,
            undefined,
            'Authorised representative of distance sellers; paragraph not re-read.',
          ),
        ],
        message: 'The WEEE registration number is missing for {markets}.',
        satisfied_by: '"WEEE registration numbers" with an entry "<country>: <number>" for each EU/EEA target market.',
        why: `Directive 2012/19/EU Art. 16(2): every producer of electrical and electronic equipment, including one selling at a distance into a Member State from elsewhere (Art. 3(1)(f)(iv), through an authorised representative, Art. 17), is registered in the register of that Member State. ${NATIONAL} A product made available without the registration may not be sold there: blocker, one listing the markets without a number.`,
        spec: { kind: 'registrations_per_market', field: 'weee_registration_numbers' },
      },
    ],
  };
}

export function eprBatteriesPack(): RegimePack {
  return {
    id: 'epr-batteries@2026-11',
    section: 'epr-batteries',
    title: 'EPR: battery producer registration per country (Regulation (EU) 2023/1542 Art. 55)',
    summary:
      'Batteries, and products with a battery type recorded (a battery incorporated in an appliance is made available too): a battery registration number for each EU/EEA target market.',
    applies: { categories: ['batteries'], fields_present: ['battery_type'] },
    rules: [
      {
        id: 'epr.battery_registration',
        code: 'EPR_BATTERY_REGISTRATION_MISSING',
        // The producer of the EPR acts: who first makes the product available in the country (a distributor
        // buying there does not register).
        roles: ['manufacturer', 'importer'],
        severity: 'blocker',
        legal: [art('batt', '55', '1', undefined, 'Paragraph numbers of Art. 55 not re-read.')],
        message: 'The battery registration number is missing for {markets}.',
        satisfied_by:
          '"Battery registration numbers" with an entry "<country>: <number>" for each EU/EEA target market.',
        why: `Regulation (EU) 2023/1542 Art. 55(1): a producer registers in the register of each Member State where it makes batteries available for the first time, including batteries incorporated in appliances or vehicles, and may not make them available there without it. ${NATIONAL} Blocker, one listing the markets without a number.`,
        spec: { kind: 'registrations_per_market', field: 'battery_registration_numbers' },
      },
    ],
  };
}

export function eprPackagingPack(): RegimePack {
  return {
    id: 'epr-packaging@2026-11',
    section: 'epr-packaging',
    title: 'EPR: packaging producer registration per country (Regulation (EU) 2025/40)',
    summary:
      'Checked once the dossier records a packaging registration for any country: then each EU/EEA target market needs its number (Germany: the LUCID number). A warning, not a blocker: the registration is the duty of whoever first makes the packaged product available in that country, which may be the supplier rather than this workspace; whether this workspace is that producer is not decided here.',
    applies: { fields_present: ['packaging_registration_numbers'] },
    rules: [
      {
        id: 'epr.packaging_registration',
        code: 'EPR_PACKAGING_REGISTRATION_MISSING',
        // The producer of the EPR acts: who first makes the product available in the country (a distributor
        // buying there does not register).
        roles: ['manufacturer', 'importer'],
        severity: 'warning',
        legal: [
          art('ppwr', '44', undefined, undefined, 'Article number of the register of producers written from memory.'),
        ],
        message: 'The packaging registration number is missing for {markets} (Germany: LUCID).',
        satisfied_by:
          '"Packaging registration numbers" with an entry "<country>: <number>" for each EU/EEA target market, or a waiver naming who registered the packaging.',
        why: `Regulation (EU) 2025/40: producers of packaging, including those who first make packaged products available in a Member State or sell them at a distance into it, register in that Member State's register of producers. ${NATIONAL} Whether this workspace is that producer depends on who first makes the packaged product available there: warning, one listing the markets without a number.`,
        spec: { kind: 'registrations_per_market', field: 'packaging_registration_numbers' },
      },
    ],
  };
}

/** "DE: WEEE-Reg.-Nr. DE 12345678; FR: FR0123" → the countries with a number (the field's canonical form). */
export function registeredCountries(value: string | undefined): Set<string> {
  const out = new Set<string>();
  for (const entry of (value ?? '').split(';')) {
    const m = /^\s*([A-Za-z]{2})\s*[:=]\s*\S/.exec(entry);
    if (m) out.add(m[1].toUpperCase());
  }
  return out;
}

/** The EPR registers the exports carry a column for per country: the stream and the dossier field it is kept in. */
export const EPR_REGISTRATION_FIELDS = [
  { stream: 'weee', field: 'weee_registration_numbers' },
  { stream: 'battery', field: 'battery_registration_numbers' },
  { stream: 'packaging', field: 'packaging_registration_numbers' },
] as const;

/** "DE: WEEE-Reg.-Nr. DE 12345678; FR: FR0123" → DE → "WEEE-Reg.-Nr. DE 12345678", FR → "FR0123". */
export function registrationNumbers(value: string | undefined | null): Map<string, string> {
  const out = new Map<string, string>();
  for (const entry of (value ?? '').split(';')) {
    const m = /^\s*([A-Za-z]{2})\s*[:=]\s*(\S.*?)\s*$/.exec(entry);
    if (m && !out.has(m[1].toUpperCase())) out.set(m[1].toUpperCase(), m[2]);
  }
  return out;
}
