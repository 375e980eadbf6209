/**
 * Facts that decide whether a conditional rule applies ("is it radio equipment?", "is the mixture
 * classified as hazardous?"). A fact is read from a confirmed dossier field (yes/no) or derived from
 * one (the LVD voltage range from the rated voltage). When a conditional rule would fire and its fact
 * is unknown, the engine asks the fact's question instead of passing silently or blocking outright.
 */

export type FactValue = 'yes' | 'no';

export interface FactDefinition {
  /** The dossier field that answers it (a yes/no field, or the field the value is derived from). */
  field: string;
  /** Blocker code of the open question. */
  code: string;
  /** The question, as shown to the user. */
  question: string;
  /** Derives the answer from the field's value; yes/no fields need none. Null when it cannot tell. */
  derive?: (value: string) => FactValue | null;
}

/**
 * Whether a rated voltage lies in the LVD range (Directive 2014/35/EU Art. 1: 50–1000 V AC, 75–1500 V
 * DC). Null when the text names no voltage or, for 50–75 V, does not say whether it is AC or DC.
 */
export function lvdVoltageRange(text: string): FactValue | null {
  const volts = [...text.matchAll(/(\d+(?:[.,]\d+)?)\s*(k?)v(?![a-z])/gi)].map(
    (m) => Number(m[1].replace(',', '.')) * (m[2] ? 1000 : 1),
  );
  if (volts.length === 0) return null;
  const max = Math.max(...volts);
  const ac = /~|\bac\b|vac\b|\bhz\b|wechsel/i.test(text);
  const dc = /⎓|\bdc\b|vdc\b|gleich|=\s*$|v\s*=/i.test(text);
  if (ac && !dc) return max >= 50 && max <= 1000 ? 'yes' : 'no';
  if (dc && !ac) return max >= 75 && max <= 1500 ? 'yes' : 'no';
  // AC/DC not stated (or both): decide only where both ranges agree.
  if (max < 50 || max > 1500) return 'no';
  if (max >= 75 && max <= 1000) return 'yes';
  return null;
}

export const FACTS = {
  instructions_needed: {
    field: 'instructions_needed',
    code: 'QUESTION_INSTRUCTIONS_NEEDED',
    question:
      'Instructions are missing for some target-market languages. Does the product need instructions to be used safely and as intended? Answer "Instructions needed" (yes/no); "no" only if it can be used safely without them.',
  },
  radio_equipment: {
    field: 'radio_equipment',
    code: 'QUESTION_RADIO_EQUIPMENT',
    question:
      'Is this radio equipment, i.e. does it intentionally emit or receive radio waves (Wi-Fi, Bluetooth, NFC, radio remote control, GNSS)? Answer "Radio equipment" (yes/no): it decides which directives the declaration of conformity must name.',
  },
  lvd_voltage: {
    field: 'rated_voltage',
    code: 'QUESTION_LVD_VOLTAGE_RANGE',
    question:
      'The rated voltage does not show whether the product is within the Low Voltage Directive range (50–1000 V AC, 75–1500 V DC): state the voltage with AC (~) or DC, e.g. "230 V~ 50 Hz" or "12 V DC".',
    derive: lvdVoltageRange,
  },
  electrically_powered: {
    field: 'electrically_powered',
    code: 'QUESTION_ELECTRICALLY_POWERED',
    question:
      'Does the product work with electric current (mains, batteries or USB)? Answer "Electrically powered" (yes/no): electrical and electronic equipment must also meet the EMC and RoHS Directives and carry the WEEE symbol.',
  },
  clp_hazardous: {
    field: 'clp_hazardous',
    code: 'QUESTION_CLP_HAZARDOUS',
    question:
      'Is the mixture classified as hazardous under the CLP Regulation (any physical or health hazard class)? Answer "Classified as hazardous (CLP)" (yes/no): it decides whether a safety data sheet, a UFI and a CLP label are required.',
  },
  animal_parts: {
    field: 'contains_animal_parts',
    code: 'QUESTION_CONTAINS_ANIMAL_PARTS',
    question:
      'Does the textile product contain non-textile parts of animal origin (leather, fur, bone, horn)? Answer "Non-textile parts of animal origin" (yes/no).',
  },
  battery_cd_pb: {
    field: 'battery_cd_pb_above_limit',
    code: 'QUESTION_BATTERY_CD_PB',
    question:
      'Does the battery contain more than 0.002 % cadmium or more than 0.004 % lead by weight? Answer "Cadmium/lead above the marking limit" (yes/no).',
  },
  is_light_source: {
    field: 'is_light_source',
    code: 'QUESTION_IS_LIGHT_SOURCE',
    question:
      'Is the product itself a light source (a bulb, LED lamp, tube or module sold as such), rather than a luminaire or other product that only contains one? Answer "Light source sold as such" (yes/no): a light source needs its EPREL registration, energy label and product information sheet (Regulations (EU) 2019/2015 and 2019/2020).',
  },
  ppe_notified_body: {
    field: 'ppe_category',
    code: 'QUESTION_PPE_CATEGORY',
    question:
      'Which risk category of Regulation (EU) 2016/425 Annex I is the PPE in: I (minimal risks), II or III (very serious consequences such as death)? Answer "PPE risk category": categories II and III need an EU type-examination by a notified body.',
    derive: (value: string) => {
      const v = value.trim().toUpperCase();
      return v === 'I' ? 'no' : v === 'II' || v === 'III' ? 'yes' : null;
    },
  },
  cosmetic_small_pack: {
    field: 'cosmetic_small_pack',
    code: 'QUESTION_COSMETIC_SMALL_PACK',
    question:
      'Is the cosmetic in a pack of less than 5 g or 5 ml, a free sample or a single-application pack? Answer "Small pack or sample" (yes/no): only then may the nominal content be left off (Regulation (EC) No 1223/2009 Art. 19(1)(b)).',
  },
  cosmetic_function_evident: {
    field: 'cosmetic_function_evident',
    code: 'QUESTION_COSMETIC_FUNCTION_EVIDENT',
    question:
      'Is the function of the cosmetic clear from its presentation (e.g. "shampoo" on a shampoo bottle)? Answer "Function clear from presentation" (yes/no): otherwise the label must state it (Regulation (EC) No 1223/2009 Art. 19(1)(f)).',
  },
} as const satisfies Record<string, FactDefinition>;

export type FactKey = keyof typeof FACTS;

/** The fact's value from the confirmed fields, or null when the dossier does not say. */
export function readFact(key: FactKey, fields: ReadonlyMap<string, string>): FactValue | null {
  const def: FactDefinition = FACTS[key];
  const raw = fields.get(def.field);
  if (!raw) return null;
  if (def.derive) return def.derive(raw);
  const v = raw.trim().toLowerCase();
  return v === 'yes' ? 'yes' : v === 'no' ? 'no' : null;
}
