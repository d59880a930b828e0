/**
 * Percentiles from the duration histogram of `metric_response_times`. Bucket b holds durations of
 * [1.05^b - 1, 1.05^(b+1) - 1) minutes (SQL `metric_duration_bucket`), so a percentile read inside its bucket is within
 * the bucket's width, 5% of the value, of the exact one.
 */
export const BUCKET_GROWTH = 1.05;

/** The duration range of a bucket, in seconds. */
export function bucketBounds(bucket: number): [number, number] {
  return [(BUCKET_GROWTH ** bucket - 1) * 60, (BUCKET_GROWTH ** (bucket + 1) - 1) * 60];
}

export interface BucketCount {
  bucket: number;
  n: number;
}

/**
 * The q-quantile (0..1) of the durations counted in `buckets`, in whole seconds, as percentile_cont: the values at the
 * ranks either side of q × (N − 1), interpolated. A rank's value is read inside its bucket as if the bucket's n values
 * were spread evenly (the i-th at (i + 0.5) / n of its width), so it is off by less than the bucket's width (5% of the
 * value, plus 3 s). Null when nothing was counted.
 */
export function percentile(buckets: BucketCount[], q: number): number | null {
  const sorted = buckets.filter((b) => b.n > 0).sort((a, b) => a.bucket - b.bucket);
  const total = sorted.reduce((sum, b) => sum + b.n, 0);
  if (total === 0) return null;
  const valueAt = (rank: number): number => {
    let before = 0;
    for (const b of sorted) {
      if (rank < before + b.n) {
        const [lo, hi] = bucketBounds(b.bucket);
        return lo + ((hi - lo) * (rank - before + 0.5)) / b.n;
      }
      before += b.n;
    }
    return bucketBounds(sorted.at(-1)!.bucket)[1];
  };
  const rank = q * (total - 1);
  const below = Math.floor(rank);
  const low = valueAt(below);
  return Math.round(low + (rank - below) * (valueAt(Math.ceil(rank)) - low));
}
