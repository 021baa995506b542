/**
 * The candidates closest to what was typed, for "did you mean" hints: those that start with it
 * or contain it, else those within two edits. Empty when nothing is close.
 */
export function closestMatches(typed: string, candidates: readonly string[]): string[] {
  const lower = typed.toLowerCase();
  const containing = candidates.filter((candidate) => candidate.startsWith(lower) || candidate.includes(lower) || lower.includes(candidate));
  if (containing.length > 0) return containing;
  return candidates.filter((candidate) => editDistance(lower, candidate) <= 2);
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
