-- audit:read is split out of documents:read: a key that could read the audit log through
-- documents:read keeps that access under the new scope (when it has room under the 10-scope cap).
UPDATE api_keys
SET scopes = array_append(scopes, 'audit:read')
WHERE 'documents:read' = ANY (scopes)
  AND NOT ('audit:read' = ANY (scopes))
  AND cardinality(scopes) < 10;
