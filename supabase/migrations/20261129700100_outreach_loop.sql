-- Supplier loop (issue 39): what a request needs to follow itself up and to be trusted.
-- last_response_at: the supplier's latest answer (the no_progress rule counts from it, not from the first).
-- files_received / bytes_received: what the upload link took in total, reserved before a batch is
-- stored, so a leaked link cannot fill the workspace.
-- no_progress_notified_at / overdue_notified_at: the manager was told once (inbox and mail).
-- send_attempts / send_started_at: the outbox; a `sending` request is claimed by one sender at a time
-- and reconciled after a crash.
ALTER TABLE supplier_requests ADD COLUMN IF NOT EXISTS last_response_at timestamptz;
ALTER TABLE supplier_requests ADD COLUMN IF NOT EXISTS files_received integer NOT NULL DEFAULT 0;
ALTER TABLE supplier_requests ADD COLUMN IF NOT EXISTS bytes_received bigint NOT NULL DEFAULT 0;
ALTER TABLE supplier_requests ADD COLUMN IF NOT EXISTS no_progress_notified_at timestamptz;
ALTER TABLE supplier_requests ADD COLUMN IF NOT EXISTS overdue_notified_at timestamptz;
ALTER TABLE supplier_requests ADD COLUMN IF NOT EXISTS send_attempts integer NOT NULL DEFAULT 0;
ALTER TABLE supplier_requests ADD COLUMN IF NOT EXISTS send_started_at timestamptz;
-- The name the supplier gave the file: a file identical to one the workspace already holds is linked
-- to that document, whose own name the supplier must never be shown.
ALTER TABLE supplier_request_documents ADD COLUMN IF NOT EXISTS supplier_filename text;
