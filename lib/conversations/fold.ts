// Message text as the inbox searches it: lower case, with the accented letters of the Latin
// languages a business writes in folded to their base letter, so "cafe" finds "Café" and
// "GARCIA" finds "García". The database keeps the same folding of every message in
// `messages.body_folded` (a generated column, migration 0028); fold.test.ts holds the two together.

export const FOLD_FROM = 'áàâäãåéèêëíìîïóòôöõúùûüýÿñçÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÝÑÇ';
export const FOLD_TO = 'aaaaaaeeeeiiiiooooouuuuyyncaaaaaaeeeeiiiiooooouuuuync';

const map = new Map([...FOLD_FROM].map((c, i) => [c, FOLD_TO[i]]));

/** `translate(lower(text), FOLD_FROM, FOLD_TO)`, as Postgres computes the column. */
export function foldForSearch(text: string): string {
  return [...text.toLowerCase()].map((c) => map.get(c) ?? c).join('');
}
