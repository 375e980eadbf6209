import type { ExtractionIssue, SnippetSource } from '@/lib/extract/types';
import {
  DOCUMENT_TYPES,
  MAX_CONTENT_SNIPPET,
  type ClassificationResult,
  type Diagnostic,
  type DiagnosticCode,
  type DocumentType,
  type Locale,
  type NextAction,
  type Signal,
} from './schemas';
import { SIGNALS, type SignalLang } from './signals';
import { compileSignal, normaliseFilename } from './text-match';
import { detectLanguage } from '@/lib/text/language';
import { detectProductTable } from './product-table';
import { discourseMarks, structureOf } from './structure';
import { contentForClassification } from './boilerplate';
import { predictType } from './model';
import { procedureMarks, procedureStrength, PROCEDURE_NOT_FLYER_STEPS, type ProcedureMarks } from './procedure';
import { templatePlaceholders, TEMPLATE_MIN_PLACEHOLDERS } from '@/lib/extract/template';
import {
  aboutNotIsReasoning,
  templateReasoning,
  diagnosticText,
  modelReasoning,
  filenameOnlyNote,
  issueText,
  noSignalReasoning,
  productTableReasoning,
  typeReasoning,
  type Evidence,
} from './reasoning';

/**
 * The rule-based classifier: file name and text signals per document type (lib/classify/signals.ts),
 * product-table detection, language detection, and a confidence that reflects how strong and how
 * unambiguous the evidence is. It returns exactly the contract's ClassificationResult and explains
 * itself (reasoning, diagnostic with next_action) in the requested locale.
 */

export interface ClassifyRulesInput {
  filename: string;
  mimeType?: string | null;
  /** Text of the file (any length; the first TEXT_WINDOW characters are used). */
  snippet?: string | null;
  snippetSource?: SnippetSource;
  locale?: Locale;
  /** When extraction was attempted and gave no text: why (chooses the diagnostic). */
  extractionIssue?: ExtractionIssue | null;
  /** Page texts of a paged document: running headers and footers are then scored once, not per page. */
  pages?: { text: string }[];
}

/** Characters of text scored. More than the 1500-char snippet: titles and sections further down count. */
export const TEXT_WINDOW = 8000;

// Weights. Calibrated so that confidence tracks accuracy on the labelled set (see bench/classify-accuracy.ts).
const W = {
  titleTop: 8, // title in the first TOP_ZONE characters
  titleNear: 6, // title in the first NEAR_ZONE characters
  titleFar: 3,
  extraTitle: 1,
  phrase: 2.5,
  maxPhrases: 5,
  keyword: 0.75,
  maxKeywords: 4,
  filenameTitle: 5,
  filenameAbbrev: 4,
  minScore: 2.5,
};
const TOP_ZONE = 250;
/** Below this share of its parts, a type named by an explainer, label or flyer is not taken. */
const ABOUT_STRUCTURE = 0.67;
/** Confidence of "other" decided by those marks: a judgement, so it asks for confirmation. */
const OTHER_BY_MARKS = 0.55;
/** Confidence cap of a type with none of its parts (rises linearly to 0.98 with all of them). */
const CAP_BASE = 0.3;
/** Texts shorter than this (characters) are snippets: structure is not judged, confidence capped at SHORT_CAP. */
const SHORT_TEXT = 400;
const SHORT_CAP = 0.75;
const NEAR_ZONE = 700;

interface CompiledSignal {
  lang: SignalLang;
  re: RegExp;
}
interface CompiledType {
  title: CompiledSignal[];
  phrase: CompiledSignal[];
  keyword: CompiledSignal[];
  filenameTitle: RegExp[];
  filename: RegExp[];
}

const COMPILED = Object.fromEntries(
  DOCUMENT_TYPES.map((t) => {
    const s = SIGNALS[t];
    const c = (list: [SignalLang, string][]) => list.map(([lang, src]) => ({ lang, re: compileSignal(src) }));
    return [
      t,
      {
        // A title is a word of the text, not part of an identifier, a flag or a path
        // ("--no-check-certificate", "docs/user-manual").
        title: s.title.map(([lang, src]) => ({
          lang,
          re: new RegExp(`(?<![-_/.=@\\\\])${compileSignal(src).source}`),
        })),
        phrase: c(s.phrase),
        keyword: c(s.keyword),
        filenameTitle: s.title.map(([, src]) => compileSignal(src)),
        filename: s.filename.map((src) => compileSignal(src)),
      } satisfies CompiledType,
    ];
  }),
) as Record<DocumentType, CompiledType>;

/** Normalised text plus, for each of its characters, the index of the original character. */
export function normaliseWithMap(s: string): { text: string; map: number[] } {
  let text = '';
  const map: number[] = [];
  let lastSpace = true;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (/\s/.test(ch)) {
      if (!lastSpace) {
        text += ' ';
        map.push(i);
        lastSpace = true;
      }
      continue;
    }
    let n: string;
    if (ch === 'ß') n = 'ss';
    else if (ch === 'œ' || ch === 'Œ') n = 'oe';
    else if (ch === 'æ' || ch === 'Æ') n = 'ae';
    else if ('’‘`´ʼ'.includes(ch)) n = "'";
    else if ('‐‑‒–—'.includes(ch)) n = '-';
    else n = ch.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
    for (const c of n) {
      text += c;
      map.push(i);
    }
    if (n) lastSpace = false;
  }
  return { text, map };
}

interface TypeScore {
  type: DocumentType;
  score: number;
  /** Share of the type's structural parts found in the text (lib/classify/structure.ts); 1 without text. */
  structure: number;
  missing: string[];
  textScore: number;
  filenameScore: number;
  evidence: { weight: number; e: Evidence; lang: SignalLang }[];
}

function quote(original: string, map: number[], start: number, end: number): string {
  const from = map[start] ?? 0;
  const to = (map[Math.max(start, end - 1)] ?? from) + 1;
  return original.slice(from, to).replace(/\s+/g, ' ').trim().slice(0, 80);
}

const MAIL_HEAD = /^(?:subject|betreff|objet|asunto|oggetto|from|von|de|da) ?:/i;

const STEPS_PART = 'instructions or steps';
const MANUAL_PARTS = 6;
/** Weight of a text written as instructions (lib/classify/procedure.ts) as evidence of a manual. */
const PROCEDURE_WEIGHT = { strong: 6, some: 2.5 } as const;

function scoreAll(filename: string, original: string, isMail: boolean, procedure?: ProcedureMarks): TypeScore[] {
  const { text, map } = normaliseWithMap(original);
  const mail = isMail || MAIL_HEAD.test(text);
  const name = normaliseFilename(filename);
  return DOCUMENT_TYPES.map((type) => {
    const sig = COMPILED[type];
    const evidence: TypeScore['evidence'] = [];
    let textScore = 0;
    if (text) {
      // Titles: the best placed one counts fully, further distinct titles a little.
      const titles: { weight: number; e: Evidence; lang: SignalLang }[] = [];
      for (const s of sig.title) {
        const m = s.re.exec(text);
        if (!m) continue;
        // In an e-mail, document names in the body are mentions ("attached the DoC"), not titles.
        const weight = mail
          ? s.re.source.includes('subject|betreff')
            ? W.titleTop
            : W.titleFar
          : m.index < TOP_ZONE
            ? W.titleTop
            : m.index < NEAR_ZONE
              ? W.titleNear
              : W.titleFar;
        titles.push({
          weight,
          lang: s.lang,
          e: {
            kind: m.index < NEAR_ZONE ? 'title_top' : 'title',
            quote: quote(original, map, m.index, m.index + m[0].length),
          },
        });
      }
      titles.sort((a, b) => b.weight - a.weight);
      if (titles.length) {
        textScore += titles[0].weight + Math.min(2, titles.length - 1) * W.extraTitle;
        evidence.push(...titles);
      }
      let phrases = 0;
      for (const s of sig.phrase) {
        if (phrases >= W.maxPhrases) break;
        const m = s.re.exec(text);
        if (!m) continue;
        phrases++;
        textScore += W.phrase;
        evidence.push({
          weight: W.phrase,
          lang: s.lang,
          e: { kind: 'phrase', quote: quote(original, map, m.index, m.index + m[0].length) },
        });
      }
      // A manual is written as instructions whatever its title and sections.
      const strength = type === 'manual' && procedure ? procedureStrength(procedure) : null;
      if (strength) {
        textScore += PROCEDURE_WEIGHT[strength];
        evidence.push({
          weight: PROCEDURE_WEIGHT[strength],
          lang: '*',
          e: { kind: 'phrase', quote: procedure!.first ?? '' },
        });
      }
      let keywords = 0;
      for (const s of sig.keyword) {
        if (keywords >= W.maxKeywords) break;
        if (s.re.test(text)) {
          keywords++;
          textScore += W.keyword;
        }
      }
    }
    let filenameScore = 0;
    if (name) {
      const titleHit = sig.filenameTitle.find((re) => re.test(name));
      const abbrevHit = titleHit ? undefined : sig.filename.find((re) => re.test(name));
      if (titleHit || abbrevHit) {
        filenameScore = titleHit ? W.filenameTitle : W.filenameAbbrev;
        evidence.push({
          weight: filenameScore,
          lang: '*',
          e: { kind: 'filename', quote: filename.split(/[\\/]/).pop()!.slice(0, 80) },
        });
      }
    }
    evidence.sort((a, b) => b.weight - a.weight);
    // Wording says what a text is about; its structure says whether it is one. A type whose parts are
    // missing loses most of its text score (a cited "safety data sheet" in a registration letter).
    let st: { ratio: number; missing: string[] } =
      text.length >= SHORT_TEXT && textScore > 0 ? structureOf(type, text) : { ratio: 1, missing: [] };
    // Instructions read by their grammar are a manual's steps, whatever verbs the part's pattern knows.
    if (type === 'manual' && procedure && procedureStrength(procedure) && st.missing.includes(STEPS_PART)) {
      const missing = st.missing.filter((m) => m !== STEPS_PART);
      st = { ratio: Math.min(1, st.ratio + 1 / MANUAL_PARTS), missing };
    }
    const weightedText =
      type === 'other' ? textScore : textScore * (STRUCTURE_FLOOR + (1 - STRUCTURE_FLOOR) * st.ratio);
    return {
      type,
      score: weightedText + filenameScore,
      textScore: weightedText,
      filenameScore,
      evidence,
      structure: st.ratio,
      missing: st.missing,
    };
  }).sort((a, b) => b.score - a.score);
}

/** Text score a type keeps with none of its structural parts. */
const STRUCTURE_FLOOR = 0.35;

const round2 = (x: number) => Math.round(Math.max(0, Math.min(1, x)) * 100) / 100;

/** Confidence from the winning score and its margin over the runner-up. */
function textConfidence(top: TypeScore, second: TypeScore | undefined): number {
  const strength = 1 - Math.exp(-top.score / 6);
  const margin = second && top.score > 0 ? (top.score - second.score) / top.score : 1;
  // Text and file name pointing the same way is worth more than either alone.
  const agreement = top.textScore > 0 && top.filenameScore > 0 ? 0.05 : 0;
  return Math.min(0.98, strength * (0.6 + 0.4 * margin) + agreement);
}

function filenameConfidence(top: TypeScore, second: TypeScore | undefined): number {
  const base = top.filenameScore >= W.filenameTitle ? 0.7 : 0.55;
  return second && second.filenameScore > 0 ? base - 0.2 : base;
}

function languageOfEvidence(evidence: TypeScore['evidence']): string | null {
  const counts = new Map<string, number>();
  for (const e of evidence) if (e.lang !== '*') counts.set(e.lang, (counts.get(e.lang) ?? 0) + e.weight);
  let best: string | null = null;
  let bestN = 0;
  for (const [lang, n] of counts) if (n > bestN) [best, bestN] = [lang, n];
  return best;
}

const TABULAR_EXT = /\.(csv|tsv|txt|tab|xlsx|xlsm|xls|ods)$/i;
const TABULAR_MIME = /csv|tab-separated|spreadsheet|ms-excel|text\/plain/i;

function isTabularSource(source: SnippetSource, filename: string, mimeType?: string | null): boolean {
  if (source === 'csv_rows') return true;
  if (
    [
      'pdf_first_page',
      'docx_text',
      'html_text',
      'xml_text',
      'email_text',
      'ocr_text',
      'vision_ocr',
      'office_text',
    ].includes(source)
  )
    return false;
  return TABULAR_EXT.test(filename) || TABULAR_MIME.test(mimeType ?? '') || source === 'raw_text';
}

export function makeSnippet(text: string): string {
  return text
    .replace(/[ \t]+/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .slice(0, MAX_CONTENT_SNIPPET);
}

function buildDiagnostic(
  code: DiagnosticCode,
  nextAction: NextAction,
  locale: Locale,
  detail: string | null,
  source: SnippetSource,
  signals: Signal[],
  confidence: number,
): Diagnostic {
  const message = [detail, diagnosticText(locale, code)].filter(Boolean).join(' ');
  return { code, message, next_action: nextAction, source, signals_used: signals, confidence };
}

/** A refused or unreadable file says why (the extractor's precise reason: a decompression bomb, a budget). */
function withReason(text: string, issue: ClassifyRulesInput['extractionIssue']): string {
  return issue && ['parse_failed', 'too_large', 'timeout'].includes(issue.code) && issue.message
    ? `${text} (${issue.message})`
    : text;
}

export function classifyRules(input: ClassifyRulesInput): ClassificationResult {
  const rules = classifyByRules(input);
  if (rules.snippetSource === 'filename_only' || rules.file_intent === 'product_csv' || !input.snippet) return rules;
  const raw = contentForClassification(input.snippet, input.pages).slice(0, TEXT_WINDOW);
  // A manual read from its grammar (instructions throughout) is not overruled by the model's reading of
  // its words: the model learned vocabularies, and a product's vocabulary is no evidence against it.
  // Nor is an unfilled template: the model reads the form's words, not that its slots are empty.
  const procedural =
    rules.document_type === 'manual' &&
    procedureStrength(procedureMarks(raw, rules.detected_language ?? null)) === 'strong';
  const template = rules.document_type === 'other' && templatePlaceholders(raw).length >= TEMPLATE_MIN_PLACEHOLDERS;
  return withModel(rules, predictType(raw), input.locale ?? 'en', aboutKind(raw) !== null, procedural || template);
}

/** What agreement of rules and model adds over the weaker of the two. */
const AGREEMENT_BONUS = 0.05;
/** A model's reading beats the rules' only when it is this sure and the rules are not sure. */
const MODEL_OVERRIDE = 0.6;
/** The model's certainty needed to overrule the rules on a text that reads as an article, label or flyer. */
const MODEL_OVERRIDE_MARKS = 0.8;
/** How much more likely the model must find its type than the rules' when the rules are unsure. */
const WEAK_RULES_MARGIN = 0.3;
/** Rules at least this sure are kept whatever the model says (their structure is all there). */
const RULES_FIRM = 0.9;
/** Confidence of a type the model chose against the rules: a judgement of wording, capped. */
const MODEL_ONLY_CAP = 0.85;
/** When rules and model disagree and the rules' type stands, it cannot stay in the confident band. */
const DISAGREE_CAP = 0.8;

/**
 * The rules' result weighed with the learned model's (lib/classify/model.ts). Agreement raises the
 * confidence toward the model's probability; disagreement lowers it; the model's type replaces the
 * rules' only when the model is sure, gives the rules' type little chance, and the rules are not firm.
 */
export function withModel(
  rules: ClassificationResult,
  model: { type: string; p: number }[] | null,
  locale: Locale,
  /** The text reads as an article, a label or a flyer (discourse marks, lib/classify/structure.ts). */
  aboutText = false,
  /**
   * The rules' type rests on what the model cannot read (a manual written as instructions, a template's
   * empty slots): the model cannot replace it.
   */
  rulesFirm = false,
): ClassificationResult {
  if (!model?.length || !rules.document_type) return rules;
  const top = model[0];
  const pOfRules = model.find((m) => m.type === rules.document_type)?.p ?? 0;
  const modelType = top.type as DocumentType;
  const note = (type: DocumentType, p: number) => `${rules.reasoning} ${modelReasoning(locale, type, p)}`;
  if (top.type === rules.document_type) {
    // A judgement that asks for confirmation (a text about a type, not of it) stays one.
    if (rules.degraded) return { ...rules, reasoning: note(modelType, top.p) };
    // Two readings agreeing add a little over the weaker of them, never more than 0.95.
    const confidence = round2(
      Math.max(rules.confidence, Math.min(0.95, Math.min(rules.confidence, top.p) + AGREEMENT_BONUS)),
    );
    return settle(
      { ...rules, confidence, document_type_confidence: confidence, reasoning: note(modelType, top.p) },
      locale,
      rules,
    );
  }
  // A text that reads as an article, a label or a flyer uses a type's words without being one: the
  // model, which knows the words, must be very sure to overrule the rules there.
  const override = aboutText ? MODEL_OVERRIDE_MARKS : MODEL_OVERRIDE;
  const modelWins =
    !rulesFirm &&
    ((top.p >= override && pOfRules < 0.2 && rules.confidence < RULES_FIRM) ||
      // Unsure rules (below 0.5) defer to a model that clearly prefers another type.
      (!aboutText && rules.confidence < 0.5 && top.p - pOfRules >= WEAK_RULES_MARGIN));
  if (modelWins) {
    const confidence = round2(Math.min(MODEL_ONLY_CAP, top.p * (1 - rules.confidence / 2)));
    return settle(
      {
        ...rules,
        file_intent: modelType === 'other' ? 'other' : 'compliance_document',
        document_type: modelType,
        confidence,
        document_type_confidence: confidence,
        reasoning: `${typeReasoning(locale, modelType, confidence, [])} ${modelReasoning(locale, modelType, top.p)}`,
      },
      locale,
      rules,
    );
  }
  const confidence = round2(Math.min(rules.confidence, DISAGREE_CAP, Math.max(0.3, 1 - top.p + pOfRules)));
  return settle({ ...rules, confidence, document_type_confidence: confidence }, locale, rules);
}

/** What kind of text about documents (not one) its discourse marks say it is, if any. */
export function aboutKind(raw: string): 'label' | 'flyer' | 'explainer' | null {
  const marks = discourseMarks(raw);
  return marks.label >= 2
    ? 'label'
    : marks.flyer >= 2
      ? 'flyer'
      : marks.explainer >= 2 || (marks.explainer >= 1 && marks.questions >= 2)
        ? 'explainer'
        : null;
}

/**
 * The low-confidence diagnostic follows the final confidence: added below 0.5; dropped when the model
 * lifted the result to 0.5 or more or changed its type; otherwise the rules' own (a judgement that asks
 * for confirmation) stays.
 */
function settle(r: ClassificationResult, locale: Locale, rules: ClassificationResult): ClassificationResult {
  if (r.confidence >= 0.5) {
    if (!r.diagnostic || (rules.confidence >= 0.5 && r.document_type === rules.document_type)) return r;
    const { diagnostic: _dropped, ...rest } = r;
    return { ...rest, degraded: false };
  }
  return {
    ...r,
    degraded: true,
    diagnostic: buildDiagnostic(
      'low_confidence_other',
      r.document_type === 'other' ? 'choose_document_type' : 'confirm_or_choose_type',
      locale,
      null,
      r.snippetSource,
      r.signals_used,
      r.confidence,
    ),
  };
}

/** The rules alone, without the learned model (scripts/train-classifier.ts compares the two). */
export function classifyByRules(input: ClassifyRulesInput): ClassificationResult {
  const locale: Locale = input.locale ?? 'en';
  const filename = input.filename ?? '';
  const raw = input.snippet ? contentForClassification(input.snippet, input.pages).slice(0, TEXT_WINDOW) : '';
  const hasText = (raw.match(/[\p{L}\p{N}]/gu) ?? []).length >= 3;
  const snippetSource: SnippetSource = hasText
    ? input.snippetSource && input.snippetSource !== 'filename_only'
      ? input.snippetSource
      : 'raw_text'
    : 'filename_only';
  const signals: Signal[] = ['filename'];
  if (input.mimeType) signals.push('mime_type');
  if (hasText) signals.push('content_snippet');
  const contentSnippet = hasText ? makeSnippet(raw) : undefined;
  const base = { signals_used: signals, snippetSource, ...(contentSnippet ? { content_snippet: contentSnippet } : {}) };

  // 1. Product data tables (catalogue exports) are not compliance documents. Only tabular or plain
  // sources can be a product import; a PDF price list is a document.
  if (hasText && isTabularSource(snippetSource, filename, input.mimeType)) {
    const table = detectProductTable(raw);
    if (table) {
      const confidence = round2(table.confidence);
      return {
        file_intent: 'product_csv',
        document_type: null,
        document_type_confidence: 0,
        confidence,
        detected_language: detectLanguage(table.columns.join(' ')) ?? null,
        reasoning: productTableReasoning(locale, [...table.identifierColumns, ...table.productColumns]),
        ...base,
        degraded: false,
      };
    }
  }

  // 2. Document-type scores from text and file name.
  const detected = hasText ? detectLanguage(raw) : null;
  const procedure = hasText ? procedureMarks(raw, detected) : undefined;
  const scores = scoreAll(filename, hasText ? raw : '', snippetSource === 'email_text', procedure);
  const [top, second] = scores;
  const found = top.score >= W.minScore && (hasText ? top.score > 0 : top.filenameScore > 0);
  const runnerUp = second && second.score >= W.minScore && second.score >= top.score * 0.6 ? second.type : undefined;

  if (!hasText) {
    // Filename-only path: extraction failed, gave no text, or no text was sent.
    const issue = input.extractionIssue ?? null;
    const confidence = found ? round2(filenameConfidence(top, second)) : 0;
    let code: DiagnosticCode = 'text_extraction_failed_filename_only';
    let next: NextAction = found ? 'confirm_or_choose_type' : 'choose_document_type';
    if (issue?.code === 'unsupported_format') {
      code = 'unsupported_file_type';
      next = 'convert_or_ocr_upload_again';
    } else if (issue?.code === 'scanned_or_empty_text') {
      code = 'scanned_or_empty_text';
      next = 'convert_or_ocr_upload_again';
    } else if (issue?.code === 'empty_file') {
      code = 'scanned_or_empty_text';
      next = 'reselect_file';
    } else if (
      issue &&
      ['encrypted', 'parse_failed', 'too_large', 'timeout', 'opaque_p7m_envelope'].includes(issue.code)
    ) {
      next = 'reselect_file';
    }
    const detail = `${issueText(locale, issue?.code ?? 'not_attempted')} ${filenameOnlyNote(locale, found)}`;
    const reasoning = found
      ? `${typeReasoning(
          locale,
          top.type,
          confidence,
          top.evidence.map((e) => e.e),
          runnerUp,
        )} ${filenameOnlyNote(locale, true)}`
      : detail;
    const type = found ? top.type : null;
    return {
      file_intent: found ? (top.type === 'other' ? 'other' : 'compliance_document') : 'unknown',
      document_type: type,
      document_type_confidence: confidence,
      confidence,
      detected_language: found ? languageOfEvidence(top.evidence) : null,
      reasoning,
      ...base,
      degraded: true,
      diagnostic: buildDiagnostic(
        code,
        next,
        locale,
        withReason(issueText(locale, issue?.code ?? 'not_attempted'), issue),
        'filename_only',
        signals,
        confidence,
      ),
    };
  }

  const language = detected ?? (found ? languageOfEvidence(top.evidence) : null);

  if (!found) {
    // Text was read but says nothing about its type.
    const confidence = round2(0.25);
    return {
      file_intent: 'other',
      document_type: 'other',
      document_type_confidence: confidence,
      confidence,
      detected_language: language,
      reasoning: noSignalReasoning(locale),
      ...base,
      degraded: true,
      diagnostic: buildDiagnostic(
        'low_confidence_other',
        'choose_document_type',
        locale,
        null,
        snippetSource,
        signals,
        confidence,
      ),
    };
  }

  // 3. An unfilled template ("[Company Name]", "Manufactured by: xxx") has a type's form but declares,
  // certifies or reports nothing: other, asking for confirmation.
  const placeholders = templatePlaceholders(raw);
  if (top.type !== 'other' && placeholders.length >= TEMPLATE_MIN_PLACEHOLDERS) {
    const confidence = round2(OTHER_BY_MARKS);
    return {
      file_intent: 'other',
      document_type: 'other',
      document_type_confidence: confidence,
      confidence,
      detected_language: language,
      reasoning: templateReasoning(locale, top.type, placeholders),
      ...base,
      degraded: true,
      diagnostic: buildDiagnostic(
        'low_confidence_other',
        'confirm_or_choose_type',
        locale,
        null,
        snippetSource,
        signals,
        confidence,
      ),
    };
  }

  // 4. A text about a type (an explainer, a label, a flyer) that lacks the type's structure is other.
  // A text written as instructions throughout is a procedure, not a flyer (bullets and a web address
  // are in every installation guide).
  const marksKind = aboutKind(raw);
  const kind =
    marksKind === 'flyer' &&
    top.type === 'manual' &&
    procedure &&
    (procedureStrength(procedure) || procedure.steps >= PROCEDURE_NOT_FLYER_STEPS)
      ? null
      : marksKind;
  if (kind && top.type !== 'other' && top.structure < ABOUT_STRUCTURE) {
    const confidence = round2(OTHER_BY_MARKS);
    return {
      file_intent: 'other',
      document_type: 'other',
      document_type_confidence: confidence,
      confidence,
      detected_language: language,
      reasoning: aboutNotIsReasoning(locale, top.type, kind, top.missing),
      ...base,
      degraded: true,
      diagnostic: buildDiagnostic(
        'low_confidence_other',
        'confirm_or_choose_type',
        locale,
        null,
        snippetSource,
        signals,
        confidence,
      ),
    };
  }

  // Confidence: the evidence's strength and margin, capped by how much of the type's structure is there.
  const evidenceConfidence =
    top.textScore > 0
      ? textConfidence(top, second)
      : Math.min(textConfidence(top, second), filenameConfidence(top, second));
  // A short snippet (what a client sends to the JSON form) cannot show a whole structure: its missing
  // parts are not evidence against the type, but it cannot reach the confident band either.
  const short = raw.replace(/\s+/g, ' ').trim().length < SHORT_TEXT;
  const structureCap =
    top.type === 'other' || top.textScore === 0 ? 1 : short ? SHORT_CAP : CAP_BASE + (0.98 - CAP_BASE) * top.structure;
  const confidence = round2(Math.min(evidenceConfidence, structureCap));
  const reasoning = typeReasoning(
    locale,
    top.type,
    confidence,
    top.evidence.map((e) => e.e),
    runnerUp,
  );
  const result: ClassificationResult = {
    file_intent: top.type === 'other' ? 'other' : 'compliance_document',
    document_type: top.type,
    document_type_confidence: confidence,
    confidence,
    detected_language: language,
    reasoning,
    ...base,
    degraded: false,
  };
  if (confidence < 0.5) {
    result.degraded = true;
    result.diagnostic = buildDiagnostic(
      'low_confidence_other',
      'confirm_or_choose_type',
      locale,
      null,
      snippetSource,
      signals,
      confidence,
    );
  }
  return result;
}
