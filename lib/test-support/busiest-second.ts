/** The most events (times in ms) in any one-second window: what a per-second rate limit bounds. */
export function busiestSecond(at: number[]): number {
  const sorted = [...at].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[i] - sorted[j] >= 1000) j++;
    best = Math.max(best, i - j + 1);
  }
  return best;
}
