/**
 * Why an approval was reset, as the audit log records it: the English sentence the API has always sent
 * (`reason`), and its code with the values it names (`reason_code`, `reason_params`: field keys, roles,
 * file and operator names), so the UI says it in its own language. Every caller of resetApprovals and
 * afterDossierChange names its reason here.
 */
export const RESET_REASON_CODES = [
  'field_changed',
  'field_cleared',
  'field_confirmed',
  'role_linked',
  'role_unlinked',
  'entity_changed',
  'entity_merged',
  'merge_undone',
  'document_extracted',
  'document_linked',
  'document_unlinked',
  'document_changed',
  'document_deleted',
  'documents_uploaded',
  'document_accepted',
  'document_rejected',
  'operator_role_changed',
  'held_by_changed',
  'category_changed',
  'import_changed',
] as const;
export type ResetReasonCode = (typeof RESET_REASON_CODES)[number];

export interface ResetReason {
  text: string;
  code: ResetReasonCode;
  params: Record<string, string>;
}

const r = (code: ResetReasonCode, text: string, params: Record<string, string> = {}): ResetReason => ({
  code,
  text,
  params,
});

export const resetReason = {
  fieldChanged: (field: string) => r('field_changed', `${field} changed`, { field }),
  fieldCleared: (field: string) => r('field_cleared', `${field} cleared`, { field }),
  fieldConfirmed: (field: string, source: string) =>
    r('field_confirmed', `${field} confirmed from ${source}`, { field, source }),
  roleLinked: (role: string, byImport = false) =>
    r('role_linked', byImport ? `${role} linked by import resolution` : `${role} linked`, { role }),
  roleUnlinked: (role: string) => r('role_unlinked', `${role} unlinked`, { role }),
  entityChanged: (name: string) => r('entity_changed', `entity ${name} changed`, { name }),
  entityMerged: (name: string, into: string) =>
    r('entity_merged', `entity ${name} merged into ${into}`, { name, into }),
  mergeUndone: (name: string) => r('merge_undone', `merge of ${name} undone`, { name }),
  documentExtracted: (filename: string) => r('document_extracted', `document ${filename} extracted`, { filename }),
  documentLinked: (filename: string) => r('document_linked', `document ${filename} linked`, { filename }),
  documentUnlinked: (filename: string) => r('document_unlinked', `document ${filename} unlinked`, { filename }),
  documentChanged: (filename: string) => r('document_changed', `document ${filename} changed`, { filename }),
  documentDeleted: (filename: string) => r('document_deleted', `document ${filename} deleted`, { filename }),
  documentsUploaded: () => r('documents_uploaded', 'documents uploaded'),
  documentDecided: (filename: string, decision: 'accept' | 'reject') =>
    decision === 'accept'
      ? r('document_accepted', `document ${filename} accepted as evidence`, { filename })
      : r('document_rejected', `document ${filename} rejected as evidence`, { filename }),
  operatorRoleChanged: () => r('operator_role_changed', 'economic-operator role changed'),
  heldByChanged: () => r('held_by_changed', 'held-by confirmation changed'),
  categoryChanged: () => r('category_changed', 'category changed'),
  importChanged: (batchId: string) => r('import_changed', `import ${batchId} changed values`, { batch_id: batchId }),
};
