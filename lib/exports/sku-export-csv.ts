/**
 * The SkuExport as one CSV table: a row per dossier field, then rows for the SKU itself, entities,
 * documents, warnings, issues and the audit summary, told apart by the "section" column. UTF-8 with a
 * BOM (so spreadsheet programs detect the encoding), CRLF lines, RFC 4180 quoting, and every cell that
 * a spreadsheet would read as a formula (= + - @ tab CR at the start) prefixed with an apostrophe.
 */
import { csvLine } from '@/lib/text/csv';
import type { SkuExport } from './sku-export-data';

export const CSV_COLUMNS = ['section', 'key', 'label', 'value', 'status', 'source', 'details', 'by', 'at'] as const;
type CsvRow = Partial<Record<(typeof CSV_COLUMNS)[number], string | number | boolean | null | undefined>>;

const compact = (o: Record<string, unknown> | null | undefined) =>
  Object.entries(o ?? {})
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([k, v]) => `${k}=${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join('; ');

export function skuExportRows(data: SkuExport): CsvRow[] {
  const rows: CsvRow[] = [];
  for (const f of data.dossier_fields) {
    rows.push({
      section: 'dossier_field',
      key: f.field_key,
      label: f.label,
      value: f.value,
      status: f.status,
      source: f.source,
      details: compact(f.provenance),
      by: f.confirmed_by,
      at: f.confirmed_at,
    });
  }
  const sku = data.sku as Record<string, unknown>;
  for (const key of [
    'id',
    'sku_code',
    'product_name',
    'gtin',
    'category_code',
    'external_sku_id',
    'operator_role',
    'operator_role_override',
    'status',
    'review_state',
    'approval_state',
    'blocker_count',
    'warning_count',
    'public_id',
    'published_revision',
    'published_at',
    'created_at',
  ]) {
    rows.push({ section: 'sku', key, value: sku[key] as string | number | null });
  }
  rows.push({ section: 'sku', key: 'exported_at', value: data.exported_at });
  rows.push({ section: 'sku', key: 'requirement_profile_id', value: data.requirement_profile_id });
  for (const e of data.entities) {
    rows.push({
      section: 'entity',
      key: e.role,
      label: e.trade_mark ?? '',
      value: e.name,
      details: compact({
        postal_address: e.postal_address,
        email: e.email,
        contact_url: e.contact_url,
        phone: e.phone,
        eu_established: e.eu_established,
      }),
    });
  }
  for (const d of data.documents) {
    rows.push({
      section: 'document',
      key: d.document_type,
      label: d.filename,
      value: d.sha256,
      status: d.expired ? 'expired' : 'valid',
      details: compact({
        id: d.id,
        mime_type: d.mime_type,
        size_bytes: d.size_bytes,
        issued_on: d.issued_on,
        valid_until: d.valid_until,
        public: d.is_public,
      }),
      at: d.uploaded_at,
    });
  }
  for (const w of data.warnings) {
    rows.push({
      section: 'warning',
      key: w.code,
      label: w.severity,
      value: w.message,
      status: w.status,
      details: compact({ required_fields: w.required_fields.join(', '), waiver_reason: w.waived?.reason }),
      by: w.waived?.by,
      at: w.waived?.at,
    });
  }
  for (const i of data.issues) {
    if (i.kind === 'blocker') {
      rows.push({
        section: 'issue',
        key: i.code,
        label: i.severity,
        value: i.message,
        status: i.status,
        details: compact({
          required_fields: i.required_fields.join(', '),
          legal_basis: i.legal_basis,
          waiver_reason: i.waived?.reason,
        }),
        by: i.waived?.by,
        at: i.waived?.at,
      });
    } else {
      rows.push({
        section: 'review_issue',
        key: i.field_key ?? i.issue_kind,
        label: i.issue_kind,
        value: i.message,
        status: i.status,
        by: i.resolved_by,
        at: i.resolved_at ?? i.created_at,
      });
    }
  }
  for (const w of data.waivers) {
    rows.push({
      section: 'waiver',
      key: w.code,
      value: w.reason,
      status: w.revoked_at ? 'revoked' : 'active',
      by: w.waived_by,
      at: w.waived_at,
    });
  }
  const a = data.audit_summary;
  rows.push({
    section: 'audit',
    key: 'review',
    status: a.review.state,
    by: a.review.completed_by,
    at: a.review.completed_at,
  });
  rows.push({
    section: 'audit',
    key: 'approval',
    status: a.approval.state,
    by: a.approval.approved_by,
    at: a.approval.approved_at,
  });
  for (const p of a.publications)
    rows.push({
      section: 'audit',
      key: 'publication',
      value: p.public_url,
      status: `revision ${p.revision}`,
      by: p.published_by,
      at: p.published_at,
    });
  for (const [action, n] of Object.entries(a.events_by_action)) rows.push({ section: 'audit', key: action, value: n });
  return rows;
}

export function skuExportToCsv(data: SkuExport): string {
  const lines = [csvLine(CSV_COLUMNS), ...skuExportRows(data).map((r) => csvLine(CSV_COLUMNS.map((c) => r[c])))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
