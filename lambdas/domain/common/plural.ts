/** English plural categories for counts shown to people (Intl tells "one" from "other"). */
const PLURAL_RULES = new Intl.PluralRules('en-IN');

/** The noun for a count: "view" for 1, "views" otherwise. Pass the plural when it is not the singular plus s. */
export function nounFor(count: number, singular: string, plural = `${singular}s`): string {
  return PLURAL_RULES.select(count) === 'one' ? singular : plural;
}

/** Digits grouped as readers in India expect. One formatter: toLocaleString builds a new one per call, slow on a phone. */
const INDIAN_DIGITS = new Intl.NumberFormat('en-IN');

/** A count with its noun in the right number, digits grouped as readers in India expect: "1 story", "1,20,000 articles". */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${INDIAN_DIGITS.format(count)} ${nounFor(count, singular, plural)}`;
}
