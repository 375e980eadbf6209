/**
 * Personal protective equipment: Regulation (EU) 2016/425 (e.g. a bicycle helmet, category II). A
 * function, not a constant: lib/requirements/packs.ts calls it once its own core rules exist (the two
 * modules import each other).
 *
 * The category (Art. 18, Annex I) decides the conformity assessment (Art. 19): category I internal
 * production control (Module A); categories II and III an EU type-examination by a notified body
 * (Module B, Annex V), followed for category III by a production-phase module (C2 or D, Annex VII/VIII).
 *
 * Each economic operator has its own duties (Chapter II). The manufacturer (Art. 8) designs, assesses,
 * draws up the technical documentation and the declaration, marks and identifies the PPE. The importer
 * (Art. 10) ensures before placing that the conformity assessment was carried out, the technical
 * documentation drawn up, the CE marking affixed, the required documents supplied and the manufacturer
 * identified (10(2)); puts its own name and postal address on the PPE (10(3)); ensures the instructions
 * and information in a language easily understood (10(4)); keeps the declaration and has the technical
 * documentation made available (10(8)). The distributor (Art. 11) verifies the CE marking, the documents,
 * the instructions and information in the language, and that manufacturer and importer met Art. 8(5),
 * 8(6) and 10(3) (11(2)); it supplies documentation on a reasoned request (11(6)). The authorised
 * representative keeps the declaration and documentation under its mandate (Art. 9(2)(a)).
 */
import type { ProfileDefinition, RequirementRule } from '../rule-types';
import type { LegalRef } from '../legal';
import {
  annex,
  art,
  blueGuide,
  harmonisedCore,
  heldDeclaration,
  heldDocument,
  NOT_REREAD,
  verifiedBy,
  type OperatorArticles,
} from '../packs';

const PPE_NOTE = 'Point of Annex III not re-read against the published text.';
const DOC: ['declaration_of_conformity'] = ['declaration_of_conformity'];
const NLF_NOTE =
  'Paragraph as in Decision No 768/2008/EC Annex I Art. R4/R5, which Art. 10-11 follow; not re-read against the published text.';

/**
 * The importer's, distributor's and authorised representative's articles under Regulation (EU) 2016/425.
 * Functions, not constants, like the pack itself: this module is evaluated while lib/requirements/packs.ts
 * (whose NOT_REREAD and helpers it uses) is still loading.
 */
export function ppeOperatorArticles(): OperatorArticles {
  return {
    importerVerify: [art('ppe', '10', '2')],
    importerDocs: [art('ppe', '10', '2'), art('ppe', '10', '8', undefined, NLF_NOTE)],
    distributorVerify: [art('ppe', '11', '2')],
    distributorDocs: [art('ppe', '11', '6', undefined, NLF_NOTE)],
    representativeDocs: [art('ppe', '9', '2', 'a', NOT_REREAD)],
  };
}
/** The instructions and information in the language: the importer's own duty is Art. 10(4). */
function languageRoles(): Partial<Record<'importer' | 'distributor', LegalRef[]>> {
  return { importer: [art('ppe', '10', '4')], distributor: [art('ppe', '11', '2')] };
}

/** The harmonised core with the PPE operators' articles; the language rules cite the importer's Art. 10(4). */
function ppeCore(ops: OperatorArticles): RequirementRule[] {
  return harmonisedCore({
    act: 'Regulation (EU) 2016/425',
    manufacturer: [art('ppe', '8', '6')],
    identifier: [art('ppe', '8', '5')],
    languages: [art('ppe', '8', '7')],
    instructions: [art('ppe', '8', '7'), annex('ppe', 'II, point 1.4')],
    instructionsAlwaysRequired: true,
    risk: [art('ppe', '8', '2'), annex('ppe', 'III, point (b)', PPE_NOTE)],
    riskWhy:
      'The technical documentation contains an assessment of the risks against which the PPE is designed to protect (Art. 8(2), Annex III); it replaces the GPSR risk analysis. Mandatory: blocker. An importer ensures the manufacturer drew it up and that it can be made available (Art. 10(2), 10(8)); a distributor supplies it on a reasoned request (Art. 11(6)).',
    techDoc: [art('ppe', '8', '2'), annex('ppe', 'III')],
    responsible: [art('msr', '4', '1'), art('msr', '4', '2')],
    ops,
  }).map((r) =>
    r.id === 'core.instructions_languages' || r.id === 'core.warnings_languages'
      ? { ...r, role_legal: { ...r.role_legal, ...languageRoles() } }
      : r,
  );
}

export function ppePack(): ProfileDefinition {
  const ops = ppeOperatorArticles();
  return {
    id: 'ppe@2026-11',
    category: 'ppe',
    extends: 'gpsr-core@2026-11',
    title: 'Personal protective equipment: Regulation (EU) 2016/425',
    summary:
      'Category I (minimal risks) is assessed by the manufacturer alone; categories II and III (e.g. a bicycle helmet is II) need an EU type-examination certificate of a notified body. The production-phase module of category III (C2 or D) is not checked yet. Importers (Art. 10) and distributors (Art. 11) are asked their own duties.',
    rules: [
      ...ppeCore(ops),
      {
        id: 'ppe.category',
        code: 'PPE_CATEGORY_MISSING',
        severity: 'blocker',
        legal: [art('ppe', '18'), annex('ppe', 'I')],
        message: 'The risk category of the PPE (I, II or III) is missing.',
        satisfied_by: 'The PPE risk category: i, ii or iii.',
        why: 'Art. 18 and Annex I sort PPE into categories I–III by the risks it protects against; the category decides the conformity assessment procedure (Art. 19). Without it no procedure can be checked: blocker.',
        spec: { kind: 'fields_all', fields: ['ppe_category'] },
        // The importer ensures the procedure the category calls for was carried out (Art. 10(2)).
        role_legal: { importer: [art('ppe', '10', '2')] },
      },
      {
        id: 'ppe.type_examination',
        code: 'PPE_TYPE_EXAMINATION_MISSING',
        severity: 'blocker',
        when: [{ fact: 'ppe_notified_body', is: 'yes' }],
        // The manufacturer has the examination done (Art. 8(2)); an importer ensures it was (Art. 10(2)) and may
        // confirm the certificate is held by the manufacturer; a distributor has it supplied on request.
        ...heldDocument({ ...ops, importerDocs: [art('ppe', '10', '2')] }),
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
        ...verifiedBy(ops),
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
        // The importer keeps a copy itself for 10 years (Art. 10(8)); a distributor verifies the PPE comes with
        // the required documents (Art. 11(2)) and has the declaration supplied on request (Art. 11(6)).
        ...heldDeclaration({
          ...ops,
          importerDocs: [art('ppe', '10', '8', undefined, NLF_NOTE)],
          distributorDocs: [art('ppe', '11', '2'), art('ppe', '11', '6', undefined, NLF_NOTE)],
        }),
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
        // Every role: the importer ensures it (Art. 10(2)), the distributor verifies it (Art. 11(2)).
        ...verifiedBy(ops),
        legal: [art('ppe', '16'), art('ppe', '17'), blueGuide('4.5.1')],
        message: 'PPE must carry the CE marking; confirm "CE marking: yes".',
        satisfied_by: '"CE marking: yes".',
        why: 'Art. 16–17: the CE marking is affixed visibly, legibly and indelibly to the PPE before it is placed on the market. Mandatory for every category: blocker.',
        spec: { kind: 'field_equals', field: 'ce_marking', value: 'yes' },
      },
      {
        id: 'ppe.importer_identification',
        code: 'PPE_IMPORTER_IDENTIFICATION_MISSING',
        severity: 'blocker',
        roles: ['importer'],
        legal: [art('ppe', '10', '3')],
        message:
          'As importer, your name (or registered trade name or trade mark) and postal address must be on the PPE, or where that is not possible on its packaging or in a document accompanying it.',
        satisfied_by:
          'A linked importer entity (or the importer name and postal address fields) with name and postal address.',
        why: 'Art. 10(3): importers indicate on the PPE, or where that is not possible on its packaging or in an accompanying document, their name, registered trade name or registered trade mark and the postal address at which they can be contacted. It is the importer’s own duty (the manufacturer identifies itself under Art. 8(6)); a distributor verifies it as part of Art. 11(2). Mandatory: blocker.',
        spec: { kind: 'operator_identified', role: 'importer' },
      },
    ],
  };
}
