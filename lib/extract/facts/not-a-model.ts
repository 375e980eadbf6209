import { findDates } from './date-parse';
import { DATE_LIKE } from './product';
import { legislationIn, standardsIn } from './references';

/**
 * What a model number never is, whatever label or sentence it stands in: a directive or regulation
 * number ("2009/48/EC", "(EU) 2019/1020"), a standard ("EN 71-3:2019"), a date or a year, a postcode
 * ("20097", "CA13 0HT"), a report or certificate number written as one ("Report No. LCS…" is read by its
 * own label). A declaration's sentence "…in conformity with Directive 2009/48/EC…" names no model.
 */
const ACT_NUMBER =
  /^\(?(?:eu|ue|ec|ce|eg|eec|ewg|cee)?\)?\s*(?:no\.?\s*)?\d{2,4}\/\d{1,4}(?:\/(?:eu|ue|ec|ce|eg|eec|ewg|cee))?$/i;
const POSTCODE = /^(?:\d{4,5}|\d{3}\s\d{2}|[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}|[A-Z]\d[A-Z]\s?\d[A-Z]\d)$/;
const YEAR = /^(?:19|20)\d{2}$/;
const REPORT_WORDS = /\b(?:report|bericht|rapport|informe|rapporto|certificate|zertifikat|certificat)\b/i;

export function notAModel(value: string): boolean {
  const v = value.trim();
  if (!v) return true;
  if (ACT_NUMBER.test(v) || legislationIn(v.toLowerCase()).length) return true;
  if (standardsIn(v).length) return true;
  if (YEAR.test(v) || POSTCODE.test(v) || DATE_LIKE.test(v)) return true;
  if (findDates(v.toLowerCase()).length) return true;
  if (REPORT_WORDS.test(v)) return true;
  return false;
}
