/** Longest author line kept; past it the name is cut at a word and marked with an ellipsis. */
export const AUTHOR_MAX_LENGTH = 80;
/** Names shown before a longer list becomes "A, B and others". */
const AUTHORS_SHOWN = 2;

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
const URL_LIKE = /\b(?:https?:\/\/|www\.)\S+/gi;

/**
 * An author line fit to show, from plain text a feed gave (markup removed and entities decoded by the
 * caller): no e-mail addresses ("jo@x.com (Jo Rao)" is "Jo Rao"; an address alone is no author), no
 * URLs, one line, a list of more than two names shortened to "A, B and others", at most 80 characters.
 * Null when nothing readable is left.
 */
export function cleanAuthor(plain: string): string | null {
  const withoutContacts = plain
    .replace(EMAIL, ' ')
    .replace(URL_LIKE, ' ')
    // What the addresses leave behind: "()", "<>", "mailto:".
    .replace(/\(\s*\)|<\s*>|\[\s*\]|mailto:/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    // "Jo Rao" out of "(Jo Rao)" once the address before it is gone.
    .replace(/^\((.*)\)$/, '$1')
    .replace(/^[\s,;|/:-]+|[\s,;|/:-]+$/g, '');
  if (!/\p{L}/u.test(withoutContacts)) return null;
  const names = withoutContacts
    .split(/\s*[;|]\s*|\s*,\s*|\s+(?:and|&)\s+/i)
    .map((name) => name.trim())
    .filter(Boolean);
  const line = names.length > AUTHORS_SHOWN ? `${names.slice(0, AUTHORS_SHOWN).join(', ')} and others` : withoutContacts;
  if (line.length <= AUTHOR_MAX_LENGTH) return line;
  const cut = line.slice(0, AUTHOR_MAX_LENGTH - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : cut.length).trimEnd()}…`;
}
