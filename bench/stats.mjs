/**
 * The value at quantile `q` (0 to 1: 0.5 the median, 1 the largest) of `sorted` (ascending), rounded
 * to `decimals`; null when there are none.
 */
export function quantile(sorted, q, decimals = 1) {
  if (sorted.length === 0) return null;
  const scale = 10 ** decimals;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] * scale) / scale;
}
