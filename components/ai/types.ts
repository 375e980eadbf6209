/** Shapes of the AI-fill and product-research JSON the SKU page reads (see lib/ai-fill/schemas.ts). */

export type AiFillStatus = 'pending' | 'processing' | 'completed' | 'completed_degraded' | 'failed' | 'cancelled';

export interface AiFillSuggestion {
  field_key: string;
  value: string;
  confidence: number;
  reasoning: string;
}

export interface AiFillCitation {
  field_key: string;
  value_id: string | null;
  document_id: string | null;
  document_name: string | null;
  source_url: string | null;
  page: number | null;
  quote: string;
  method: 'llm' | 'rules';
}

export interface AiFillJob {
  id: string;
  sku_id: string;
  status: AiFillStatus;
  progress: { step?: string; percent?: number; sync_available?: string[]; [k: string]: unknown } | null;
  fields: string[];
  suggestions: AiFillSuggestion[];
  citations: AiFillCitation[];
  dropped: { field_key: string; value: string; reason: string }[];
  error: string | null;
  degraded_reason: string | null;
  provider: string | null;
  model: string | null;
  usage: { input_tokens: number; output_tokens: number };
  created_at: string;
  started_at: string | null;
  completed_at: string | null;
}

export const LIVE: readonly AiFillStatus[] = ['pending', 'processing'];

export type ResearchField = 'manufacturer_website' | 'product_category' | 'ean' | 'hs_code';

export interface ResearchFinding {
  field: ResearchField;
  suggested_value: string;
  confidence: number;
  source_url: string;
  source_snippet: string;
  reasoning: string;
}

export interface ResearchResult {
  findings: ResearchFinding[];
  status: 'partial' | 'complete' | 'not_found';
  provider_available: boolean;
  cached?: boolean;
  fields?: { field: ResearchField; status: 'found' | 'not_found' | 'error'; error?: 'provider_unavailable' | 'search_failed' }[];
}
