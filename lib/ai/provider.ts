import { createOpenAI } from '@ai-sdk/openai';
import type { LanguageModel } from 'ai';

/**
 * The configured language model, or null when no AI provider is set up (every AI feature then runs
 * degraded on rules). Settings: OPENAI_API_KEY (required to enable AI), OPENAI_BASE_URL (any
 * OpenAI-compatible server), AI_MODEL (default gpt-4o-mini), AI_TIMEOUT_MS (one model call's deadline,
 * default 60 s). Read from process.env on each call, so tests and a changed environment take effect
 * without a restart; the env module validates the same variables at boot.
 *
 * With a custom base URL the Chat Completions API is used (what OpenAI-compatible servers implement);
 * against OpenAI itself the provider's default (Responses API).
 */

export interface AiSettings {
  apiKey: string;
  baseURL?: string;
  model: string;
}

export const DEFAULT_AI_TIMEOUT_MS = 60_000;

export function aiSettings(env: Record<string, string | undefined> = process.env): AiSettings | null {
  const apiKey = env.OPENAI_API_KEY?.trim();
  if (!apiKey) return null;
  const baseURL = env.OPENAI_BASE_URL?.trim() || undefined;
  const model = env.AI_MODEL?.trim() || 'gpt-4o-mini';
  return { apiKey, baseURL, model };
}

/** The deadline of one model call of the AI fill and research (AI_TIMEOUT_MS, at most 10 minutes). */
export function aiTimeoutMs(env: Record<string, string | undefined> = process.env): number {
  const timeout = Number(env.AI_TIMEOUT_MS);
  return Number.isFinite(timeout) && timeout > 0 ? Math.min(timeout, 10 * 60_000) : DEFAULT_AI_TIMEOUT_MS;
}

export function getLanguageModel(env: Record<string, string | undefined> = process.env): LanguageModel | null {
  const settings = aiSettings(env);
  if (!settings) return null;
  const provider = createOpenAI({ apiKey: settings.apiKey, baseURL: settings.baseURL });
  return settings.baseURL ? provider.chat(settings.model) : provider(settings.model);
}

export const isAiConfigured = (env: Record<string, string | undefined> = process.env) => aiSettings(env) !== null;

/**
 * What a job records as "provider and model used": "openai", or "openai-compatible (<host>)" for a
 * custom base URL. Only the host: a base URL may carry credentials or paths that are nobody's business.
 */
export function aiProviderLabel(
  env: Record<string, string | undefined> = process.env,
): { provider: string; model: string } | null {
  const s = aiSettings(env);
  if (!s) return null;
  if (!s.baseURL) return { provider: 'openai', model: s.model };
  let host = 'custom';
  try {
    host = new URL(s.baseURL).host;
  } catch {
    /* validated at boot; keep the generic label */
  }
  return { provider: `openai-compatible (${host})`, model: s.model };
}
