-- What a SKU's category was called where it came from (a shop path such as "Leuchten > Tischleuchten",
-- as the API, the form or an import gave it), kept beside the requirement category it was matched to,
-- and how it was matched: { "confidence": 0..1, "reason": "...", "source": "code" | "path" | "name" |
-- "voltage" | "battery" | "document" | "description" | "person" | "default" }. Written by the requirement
-- evaluation; null for SKUs not evaluated since. No data is moved: existing SKUs keep their code.
ALTER TABLE skus ADD COLUMN IF NOT EXISTS category_text text;
ALTER TABLE skus ADD COLUMN IF NOT EXISTS category_match jsonb;
