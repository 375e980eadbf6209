/** The AI screens' names for the contract's shapes (z.infer of lib/ai-fill and lib/ai research schemas). */
import type { z } from 'zod';
import type { AiFillJobSchema, AiFillSuggestionSchema } from '@/lib/ai-fill/schemas';

export type {
  Finding as ResearchFinding,
  ResearchField,
  ResearchResponse as ResearchResult,
} from '@/lib/research/schemas';

export type AiFillJob = z.infer<typeof AiFillJobSchema>;
export type AiFillStatus = AiFillJob['status'];
export type AiFillSuggestion = z.infer<typeof AiFillSuggestionSchema>;
export type AiFillCitation = AiFillJob['citations'][number];

export const LIVE: readonly AiFillStatus[] = ['pending', 'processing'];
