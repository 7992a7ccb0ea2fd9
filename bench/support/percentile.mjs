// One percentile for every figure the bench reports (the load's columns and the server-side
// trace), so that their p50 and p99 mean the same thing. No imports: the trace preloads it
// into the server.

/** The `q` quantile (0–1) of numbers sorted ascending, nearest-rank; NaN when there are none. */
export const percentile = (sorted, q) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN;
