/**
 * The store slug of the spec: the trading name lowercased, '&' turned into 'and', every run of
 * non-alphanumerics turned into one hyphen, leading and trailing hyphens trimmed. Accented letters
 * are first folded to their base letter ('Décor' → 'decor') so that URLs stay ASCII and readable
 * instead of splitting words at the accent.
 */
export function toSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}
