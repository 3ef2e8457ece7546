/**
 * "Perhaps you meant …" suggestions for PostgREST's PGRST200/202/205 hints. PostgREST uses a fuzzy
 * set (character n-grams of sizes 3 then 2, cosine similarity, re-scored by Levenshtein distance,
 * best match at or above 0.33); this is the same method, so the suggestions agree on all but
 * borderline cases.
 */
const MIN_SCORE = 0.33
const normalise = (value: string) => value.toLowerCase().replace(/[^\p{L}\p{N}, ]+/gu, '')

function grams(value: string, size: number): Map<string, number> {
  let padded = `-${normalise(value)}-`
  while (padded.length < size) padded += '-'
  const counts = new Map<string, number>()
  for (let i = 0; i + size <= padded.length; i++) {
    const gram = padded.slice(i, i + size)
    counts.set(gram, (counts.get(gram) ?? 0) + 1)
  }
  return counts
}

const norm = (v: Map<string, number>) => Math.sqrt([...v.values()].reduce((s, n) => s + n * n, 0))

function levenshtein(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]
    row[0] = i
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1))
      previous = current
    }
  }
  return row[b.length]
}

/** Candidates similar to `value`, best first, each with its score (1 for an exact match). */
export function fuzzyMatches(
  candidates: Iterable<string>,
  value: string,
): { score: number; value: string }[] {
  const unique = [...new Set(candidates)]
  const wanted = normalise(value)
  const exact = unique.find((c) => normalise(c) === wanted)
  if (exact !== undefined) return [{ score: 1, value: exact }]
  for (const size of [3, 2]) {
    const query = grams(value, size)
    const queryNorm = norm(query)
    const scored = unique
      .map((candidate) => {
        const g = grams(candidate, size)
        let dot = 0
        for (const [gram, n] of query) dot += n * (g.get(gram) ?? 0)
        return { candidate, cosine: dot / (queryNorm * norm(g) || 1) }
      })
      .filter((s) => s.cosine > 0)
      .sort((a, b) => b.cosine - a.cosine)
      .slice(0, 50)
      .map(({ candidate }) => {
        const a = normalise(candidate)
        const longest = Math.max(a.length, wanted.length) || 1
        return { value: candidate, score: 1 - levenshtein(a, wanted) / longest }
      })
      .filter((s) => s.score >= MIN_SCORE)
      .sort((a, b) => b.score - a.score)
    if (scored.length) return scored
  }
  return []
}

export function closest(candidates: Iterable<string>, value: string): string | null {
  return fuzzyMatches(candidates, value)[0]?.value ?? null
}
