import { normaliseForMatch } from './text-match';

/**
 * Procedural text: lines that tell the reader what to do ("Remove the back plate", "Drücken Sie …",
 * "Appuyez sur …", "Należy skopiować …", "请按下…", "…してください"), by their grammar, not by a
 * document's headings. A manual, an installation procedure, a mixing guide or a software how-to is
 * written this way whatever its title and sections (issue 34: real manuals without a manual's title or
 * sections came out "other"); a data sheet, a brochure, a certificate or a letter states and describes.
 *
 * A line counts when it begins (after a bullet, a number or "Step 3:") with an imperative of the
 * language the text is in (or English, which technical texts mix in), or with a numbered step. The
 * imperative forms are read by their ending where a language marks them (French -ez, Greek -στε,
 * Romanian -ați, Czech -ete/-ujte, Spanish and Portuguese -se enclitics, Italian infinitives used as
 * instructions) and from a short list of common verbs elsewhere. Text is folded as the classifier folds
 * it (accents removed; Polish ł kept).
 */

const LEAD = String.raw`^(?:[-*•·▪◦○ο‣►>✓✔]|\(?\d{1,2}(?:\.\d{1,2})*[.)]?|\(?[a-h][.)]|(?:step|schritt|etape|paso|passo|stap|krok|steg|trin|vaihe|lepes|pas)\s?\d{1,2}\s?[:.)-]?)?\s*`;

/** Imperatives (folded) per language; '*' applies to every text. */
const VERBS: Record<string, string> = {
  en: String.raw`(?:add|adjust|align|allow|apply|attach|avoid|be sure|calibrate|check|choose|clean|click|close|connect|consult|disconnect|dispose of|do not|don't|download|drain|drill|enable|ensure|fasten|fill|fit|flush|fold|follow|hold|inspect|insert|install|keep|locate|loosen|make sure|mark|mix|mount|never|open|perform|place|plug|position|pour|prepare|press|prevent|pull|push|put|read|reconnect|refer to|remove|repeat|replace|reset|restart|rinse|rotate|screw|secure|select|shake|slide|spray|start|stop|switch|tap|tighten|tilt|turn|unlock|unplug|unscrew|unpack|use|verify|wait|wash|wear|wipe)\b(?!\s*[:|]|\s+of\b)`,
  de: String.raw`(?:\p{L}{3,}(?:en|ern|eln) sie\b|stellen sie sicher|achten sie|nicht\s+\p{L}+en\b)`,
  fr: String.raw`(?:\p{L}{3,}ez\b|ne (?:pas|jamais)\b|n'\p{L}+ez\b|veillez|assurez-vous)`,
  es: String.raw`(?:\p{L}{3,}ese\b|utilice|use|coloque|pulse|presione|conecte|desconecte|retire|limpie|compruebe|verifique|mantenga|evite|gire|abra|cierre|instale|anada|mezcle|aplique|lea|siga|espere|seleccione|introduzca|inserte|ajuste|apague|encienda|agite|llene|vierta|enjuague|desenchufe|enchufe|haga clic|pulverice|no (?:utilice|use|deje|toque|abra|intente|exponga|mezcle|aplique))\b`,
  pt: String.raw`(?:\p{L}{3,}-se\b|verifique|utilize|use|coloque|pressione|prima|ligue|desligue|retire|limpe|abra|feche|aguarde|selecione|insira|mantenha|evite|instale|conecte|desconecte|gire|aperte|encha|agite|misture|aplique|nao (?:utilize|use|deixe|toque|abra))\b`,
  it: String.raw`(?:(?:non )?\p{L}{3,}(?:are|ere|ire)(?:si)?\b|premete|inserite|collegate|verificate|controllate|utilizzate)`,
  nl: String.raw`(?:druk|sluit|plaats|controleer|gebruik|zet|verwijder|houd|draai|schakel|maak|steek|trek|leg|vul|laat|lees|volg|wacht|selecteer|klik|kies|reinig|bevestig|monteer|zorg ervoor|gooi|bewaar|open)\b`,
  sv: String.raw`(?:tryck|anslut|kontrollera|anvand|oppna|stang|ta bort|satt|vrid|las|hall|fyll|rengor|valj|klicka|vanta|dra|lagg|placera|montera|koppla|se till|sla pa|undvik|tom)\b`,
  da: String.raw`(?:tryk|tilslut|kontroller|brug|abn|luk|fjern|saet|drej|laes|hold|fyld|rengor|vaelg|klik|vent|traek|placer|monter|sorg for|sluk|taend)\b`,
  no: String.raw`(?:trykk|koble|kontroller|bruk|apne|lukk|fjern|sett|drei|les|hold|fyll|rengjor|velg|klikk|vent|trekk|plasser|monter|sorg for|slå)\b`,
  fi: String.raw`(?:paina|kytke|tarkista|kayta|avaa|sulje|poista|aseta|valitse|odota|irrota|puhdista|varmista|ala|lue|asenna|liita)\b`,
  pl: String.raw`(?:.{0,80}(?<!\p{L})nalezy\b|nacisnij|podłacz|włacz|wyłacz|sprawdz|wybierz|kliknij|otworz|zamknij|usun|zainstaluj|umiesc|zdejmij|wyjmij|włoz|przytrzymaj|odłacz|upewnij sie|pobierz|skopiuj|zapisz|uruchom|wprowadz|ustaw|dodaj|wpisz|zamontuj|dokrec|odkrec)\b`,
  cs: String.raw`(?:\p{L}{3,}(?:ete|ujte|ete|nete)\b|ne\p{L}{3,}ujte\b)`,
  sk: String.raw`(?:\p{L}{3,}(?:ite|ujte|nite)\b)`,
  hu: String.raw`(?:ellenorizze|hasznalja|helyezze|valassza|nyomja|kapcsolja|csatlakoztassa|tavolitsa|tisztitsa|ne hasznalja|gyozodjon meg)\b`,
  ro: String.raw`(?:\p{L}{3,}(?:ati|eti|iti)\b|nu (?:utilizati|folositi))`,
  el: String.raw`(?:\p{L}{3,}(?:στε|ετε|ατε)\b|μην\s)`,
  sl: String.raw`(?:\p{L}{3,}(?:ite|jte)\b)`,
  hr: String.raw`(?:\p{L}{3,}(?:ite|jte)\b)`,
  bg: String.raw`(?:\p{L}{3,}(?:ете|ите|йте)\b|не\s)`,
  zh: String.raw`(?:请|按下?|将|打开|关闭|插入|连接|确保|不要|切勿|请勿|检查|取出|放入|点击|选择|安装|拧|旋转|轻按|长按|第\s?\d+\s?步|步骤\s?\d)`,
  ja: String.raw`(?:.{0,60}(?:ください|下さい))`,
  ko: String.raw`(?:.{0,60}(?:십시오|하세요|마세요))`,
};

const COMPILED = Object.fromEntries(
  Object.entries(VERBS).map(([lang, src]) => [
    lang,
    new RegExp(`${LEAD}${src.replace(/\\b/g, '(?![\\p{L}\\p{N}])')}`, 'u'),
  ]),
) as Record<string, RegExp>;

/** Lines of a changelog or release notes ("Add CRON type", "(Fix) …", "1.7.0 - 2020-06-04"): imperative, not instructions. */
const CHANGELOG_LINE =
  /^(?:[-*•]\s*|\d{1,2}[.)]\s*|#+\s*)?(?:\(?(?:fix|fixed|bug ?fix|new|added|changed|improved|repair|removed|deprecated)\)?(?:\s*[:)\]-]|\s+\p{L})|v?\d+\.\d+(?:\.\d+)+\b|version \d+\.\d+)/u;
const CHANGELOG_TITLE =
  /\b(?:changelog|change log|release notes|versionshinweise|anderungsprotokoll|notes de version|notas de (?:la )?version|note di rilascio|what's new in)\b/;

export interface ProcedureMarks {
  /** Lines that read as instructions. */
  steps: number;
  /** Lines of text (two words or more, or CJK), not counting continuations of a wrapped sentence. */
  lines: number;
  /** The first instruction line (for the reasoning). */
  first: string | null;
}

/** Instruction lines of a text, read in its language (ISO 639-1) and in English. */
export function procedureMarks(text: string, language: string | null): ProcedureMarks {
  const res = [COMPILED.en];
  if (language && language !== 'en' && COMPILED[language]) res.push(COMPILED[language]);
  // Danish and Norwegian read each other's forms; Czech and Slovak too.
  if (language === 'da') res.push(COMPILED.no);
  if (language === 'no' || language === 'nb' || language === 'nn') res.push(COMPILED.no, COMPILED.da);
  if (language === 'cs') res.push(COMPILED.sk);
  let steps = 0;
  let lines = 0;
  let first: string | null = null;
  let changelog = 0;
  for (const rawLine of text.split('\n')) {
    const line = normaliseForMatch(rawLine);
    if (CHANGELOG_LINE.test(line)) changelog++;
    const cjk = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(line);
    if (!cjk && !/\S+\s+\S+/.test(line)) continue;
    // A line that continues a sentence wrapped by the layout (starting in lower case) is not one of
    // the text's own lines: a PDF that wraps every sentence would otherwise dilute its instructions.
    if (!cjk && /^\s*\p{Ll}/u.test(rawLine)) continue;
    lines++;
    if (line.length > 400) continue;
    if (res.some((re) => re.test(line))) {
      steps++;
      first ??= rawLine.trim().slice(0, 80);
    }
  }
  // Release notes list changes in the imperative ("Add …", "Remove …"); they instruct nobody.
  if (changelog >= 3 || CHANGELOG_TITLE.test(normaliseForMatch(text.slice(0, 600))))
    return { steps: 0, lines, first: null };
  return { steps, lines, first };
}

/** Instruction lines from which a text reads as a procedure, and their least share of its lines. */
/**
 * How strongly a text reads as a procedure: 'strong' when at least a fifth of its lines (and 4) are
 * instructions, 'some' from a tenth (and 5), else null. Measured on the development corpus: manuals
 * without a manual's title reach 0.2-0.3; SDS (first aid, handling) and product data sheets with
 * directions for use stay below 0.1 (one label at 0.14).
 */
export function procedureStrength(m: ProcedureMarks): 'strong' | 'some' | null {
  if (m.steps >= 4 && m.steps >= 0.2 * m.lines) return 'strong';
  if (m.steps >= 5 && m.steps >= 0.1 * m.lines) return 'some';
  return null;
}

/** Instruction lines from which bullets and a web address no longer make a text a flyer. */
export const PROCEDURE_NOT_FLYER_STEPS = 8;
