-- Supplier loop (issue 39): the UI language of the person who sent a request (their ui_lang choice at
-- the time), so the attention mail (no progress / overdue) reaches them in it. Null: English.
ALTER TABLE supplier_requests ADD COLUMN IF NOT EXISTS manager_locale text;
