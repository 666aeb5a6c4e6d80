/**
 * How likely a crowd is: the chance that hashing N keys over P equally likely partitions puts k or more of them on one
 * partition (the largest of P bins holding N balls holds at least k). A shard count sized for two keys on one partition
 * (lib/design/hashed-pair.ts) meets bigger crowds often: 75 shards on 60 partitions put 4 or more on one 93% of the time.
 *
 * Exact, not Poissonised: the common 1 − (1 − Pr[Bin(N, 1/P) ≥ k])^P treats the partitions' counts as independent, but
 * they share the N keys (a crowded partition leaves fewer for the rest), and it runs low by 0.03 at 75 keys on 60
 * partitions (0.90 for 0.93). Both ways below are exact, and done only where the chance can matter (crowd-bound.ts):
 * for a count a finding states (and, with `crowdConfidence`, for each count the search tries).
 */

/** The chance that `keys` keys hashed over `partitions` partitions put `crowd` or more on one. */
export function chanceOfCrowd(keys: number, partitions: number, crowd: number): number {
  if (crowd <= 1) return keys >= 1 ? 1 : 0;
  if (crowd > keys) return 0;
  // The pigeonhole: some partition holds at least ⌈N/P⌉.
  if (crowd <= Math.ceil(keys / partitions)) return 1;
  const none = keys <= partitions + 1 ? noCrowdBySeries(keys, partitions, crowd) : noCrowdByPartition(keys, partitions, crowd);
  return Math.min(1, Math.max(0, 1 - none));
}

/**
 * The chance no partition holds `crowd`, as N! ÷ P^N × [x^N] g(x)^P with g(x) = Σ_{j<k} x^j ÷ j! (the placements with
 * fewer than k on each partition), the power's coefficients by J. C. P. Miller's recurrence for a power of a series,
 * n·h_n = Σ_j (j(P + 1) − n) g_j h_{n−j}, scaled to a_n = h_n × n! ÷ P^n. O(N × k). Every term is positive while
 * n ≤ P + 1, so nothing cancels; past that the terms alternate and lose every digit (1,000 keys on 100 partitions).
 */
function noCrowdBySeries(keys: number, partitions: number, crowd: number): number {
  const a = new Float64Array(keys + 1);
  a[0] = 1;
  for (let n = 1; n <= keys; n++) {
    // term j: (j(P + 1) − n) ÷ j! × (n − 1)! ÷ (n − j)! ÷ P^j × a_{n−j}
    let sum = 0;
    let scale = 1;
    for (let j = 1; j <= Math.min(n, crowd - 1); j++) {
      scale *= (j === 1 ? 1 : n - j + 1) / (j * partitions);
      sum += (j * (partitions + 1) - n) * scale * a[n - j];
    }
    a[n] = sum;
  }
  return a[keys];
}

/**
 * The chance no partition holds `crowd`, filling the partitions one at a time: of the n keys left for the r partitions
 * left, the next takes j ~ Bin(n, 1/r) of them, kept only while j < k. O(P × N × k), used past P + 1 keys, where
 * P < N ≤ 1,000 (`MAX_SHARDS_ACCEPTED`).
 */
function noCrowdByPartition(keys: number, partitions: number, crowd: number): number {
  const most = crowd - 1;
  // left[n]: the chance that n keys are left and no partition filled so far holds `crowd`.
  let left = new Float64Array(keys + 1);
  left[keys] = 1;
  for (let remaining = partitions; remaining > 1; remaining--) {
    const next = new Float64Array(keys + 1);
    const p = 1 / remaining;
    const odds = p / (1 - p);
    // More than `most` keys for each partition left cannot end with none holding `crowd`.
    const top = Math.min(keys, remaining * most);
    let missAll = 1; // (1 − p)^n
    for (let n = 0; n <= top; n++, missAll *= 1 - p) {
      if (left[n] === 0) continue;
      // Bin(n, p) from j = 0 up: pmf(j + 1) = pmf(j) × (n − j) ÷ (j + 1) × p ÷ (1 − p).
      let pmf = missAll;
      for (let j = 0; j <= Math.min(n, most); j++) {
        next[n - j] += left[n] * pmf;
        pmf *= ((n - j) / (j + 1)) * odds;
      }
    }
    left = next;
  }
  // The last partition takes every key left: none may be `crowd` or more.
  let none = 0;
  for (let n = 0; n <= Math.min(keys, most); n++) none += left[n];
  return none;
}
