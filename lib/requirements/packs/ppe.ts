/**
 * Personal protective equipment: Regulation (EU) 2016/425 (e.g. a bicycle helmet, category II). A
 * function, not a constant: lib/requirements/packs.ts calls it once its own core rules exist (the two
 * modules import each other).
 *
 * The category (Art. 18, Annex I) decides the conformity assessment (Art. 19): category I internal
 * production control (Module A); categories II and III an EU type-examination by a notified body
 * (Module B, Annex V), followed for category III by a production-phase module (C2 or D, Annex VII/VIII).
 */
import type { ProfileDefinition } from '../profiles';
import { annex, art, blueGuide, harmonisedCore } from '../packs';

const PPE_NOTE = 'Point of Annex III not re-read against the published text.';
const DOC: ['declaration_of_conformity'] = ['declaration_of_conformity'];

export function ppePack(): ProfileDefinition {
  return {
    id: 'ppe@2026-11',
    category: 'ppe',
    extends: 'gpsr-core@2026-11',
    title: 'Personal protective equipment: Regulation (EU) 2016/425',
    summary:
      'Category I (minimal risks) is assessed by the manufacturer alone; categories II and III (e.g. a bicycle helmet is II) need an EU type-examination certificate of a notified body. The production-phase module of category III (C2 or D) is not checked yet.',
    rules: [
      ...harmonisedCore({
        act: 'Regulation (EU) 2016/425',
        manufacturer: [art('ppe', '8', '6')],
        identifier: [art('ppe', '8', '5')],
        languages: [art('ppe', '8', '7')],
        instructions: [art('ppe', '8', '7'), annex('ppe', 'II, point 1.4')],
        instructionsAlwaysRequired: true,
        risk: [art('ppe', '8', '2'), annex('ppe', 'III, point (b)', PPE_NOTE)],
        riskWhy:
          'The technical documentation contains an assessment of the risks against which the PPE is designed to protect (Art. 8(2), Annex III); it replaces the GPSR risk analysis. Mandatory: blocker.',
        techDoc: [art('ppe', '8', '2'), annex('ppe', 'III')],
        responsible: [art('msr', '4', '1'), art('msr', '4', '2')],
      }),
      {
        id: 'ppe.category',
        code: 'PPE_CATEGORY_MISSING',
        severity: 'blocker',
        legal: [art('ppe', '18'), annex('ppe', 'I')],
        message: 'The risk category of the PPE (I, II or III) is missing.',
        satisfied_by: 'The PPE risk category: i, ii or iii.',
        why: 'Art. 18 and Annex I sort PPE into categories I–III by the risks it protects against; the category decides the conformity assessment procedure (Art. 19). Without it no procedure can be checked: blocker.',
        spec: { kind: 'fields_all', fields: ['ppe_category'] },
      },
      {
        id: 'ppe.type_examination',
        code: 'PPE_TYPE_EXAMINATION_MISSING',
        severity: 'blocker',
        when: [{ fact: 'ppe_notified_body', is: 'yes' }],
        legal: [art('ppe', '19', undefined, 'b'), art('ppe', '19', undefined, 'c'), annex('ppe', 'V')],
        message: 'No valid EU type-examination certificate (Module B) of a notified body is linked.',
        satisfied_by:
          'A linked, unexpired certificate naming Regulation (EU) 2016/425 or the EU type-examination (or one with no recorded references).',
        why: 'Art. 19(b)-(c): PPE of categories II and III undergoes EU type-examination by a notified body (Module B, Annex V), which issues a certificate valid for at most five years. Category I needs none (Art. 19(a), internal production control): the rule applies only to categories II and III, and the category is asked when unknown.',
        spec: {
          kind: 'document',
          types: ['certificate'],
          references_any: ['2016/425', 'type-examination', 'type examination', 'Baumusterprüfung', 'Module B'],
        },
      },
      {
        id: 'ppe.notified_body',
        code: 'PPE_NOTIFIED_BODY_NUMBER_MISSING',
        severity: 'blocker',
        when: [{ fact: 'ppe_notified_body', is: 'yes' }],
        legal: [
          art('ppe', '19', undefined, 'b'),
          art('ppe', '17', '3', undefined, 'Paragraph of the notified body number after the CE marking not re-read.'),
          annex('ppe', 'IX'),
        ],
        message: 'The identification number of the notified body is missing.',
        satisfied_by: 'The four-digit notified body number (NANDO), e.g. 0197.',
        why: 'The EU declaration of conformity of category II and III PPE names the notified body that carried out the EU type-examination (Annex IX); for category III its number follows the CE marking (Art. 17). Category I involves no notified body: the rule applies only to categories II and III.',
        spec: { kind: 'fields_all', fields: ['notified_body_number'] },
      },
      {
        id: 'ppe.doc',
        code: 'PPE_DOC_MISSING',
        severity: 'blocker',
        legal: [art('ppe', '15'), annex('ppe', 'IX'), art('ppe', '8', '2'), blueGuide('4.4')],
        message: 'No EU declaration of conformity under Regulation (EU) 2016/425 is linked.',
        satisfied_by:
          'A linked, unexpired EU declaration of conformity citing Regulation (EU) 2016/425 (or one with no recorded references).',
        why: 'Art. 8(2) and 15: the manufacturer draws up the EU declaration of conformity (model in Annex IX) for PPE of every category, and supplies it with the PPE or gives the internet address where it can be read (Art. 8(8), Annex II point 1.4). Mandatory: blocker.',
        spec: { kind: 'document', types: DOC, references_any: ['2016/425'] },
      },
      {
        id: 'ppe.ce_marking',
        code: 'PPE_CE_MARKING_MISSING',
        severity: 'blocker',
        legal: [art('ppe', '16'), art('ppe', '17'), blueGuide('4.5.1')],
        message: 'PPE must carry the CE marking; confirm "CE marking: yes".',
        satisfied_by: '"CE marking: yes".',
        why: 'Art. 16–17: the CE marking is affixed visibly, legibly and indelibly to the PPE before it is placed on the market. Mandatory for every category: blocker.',
        spec: { kind: 'field_equals', field: 'ce_marking', value: 'yes' },
      },
    ],
  };
}
