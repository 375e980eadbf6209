-- Evidence parts inside a document (issue 34): a manual whose appendix is an EU declaration of conformity
-- keeps its type and lists the declaration as a part, with its page range, type and confidence
-- (lib/classify/parts.ts). Written by the background extraction once every page's text is known; null
-- until then (and for documents read before this column existed: re-extraction fills it).
ALTER TABLE documents ADD COLUMN IF NOT EXISTS evidence_parts jsonb;
