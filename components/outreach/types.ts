export interface RequestItem {
  key: string;
  kind: 'document' | 'field';
  label: string;
}

export interface SupplierRequest {
  id: string;
  sku_id: string;
  recipient: string;
  subject: string;
  status: string;
  due_date: string | null;
  sent_at: string | null;
  last_reminder_at: string | null;
  reminder_count: number;
  responded_at: string | null;
  last_activity_at: string;
  items: RequestItem[];
  upload_url: string | null;
  documents: { document_id: string; filename: string; document_type: string; status: 'pending' | 'accepted' | 'rejected'; source: string }[];
  timeline: { id: string; kind: string; at: string; actor: string | null; note: string | null }[];
}

export interface Draft {
  to: string | null;
  locale: string;
  subject: string;
  body: string;
  items: RequestItem[];
  available_items: RequestItem[];
}

export const STATUS_VARIANT: Record<string, 'neutral' | 'primary' | 'success' | 'warning' | 'danger' | 'info'> = {
  sending: 'neutral',
  sent: 'info',
  in_progress: 'primary',
  to_review: 'warning',
  done: 'success',
  no_progress: 'danger',
  cancelled: 'neutral',
  failed: 'danger',
};

export const statusLabel = (s: string) => s.replace(/_/g, ' ');
