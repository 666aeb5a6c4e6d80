/**
 * Load shapes shared by the scenarios: a diurnal curve with noise, and the expected excess of a
 * normally distributed per-second load over a ceiling (how many units a minute throttles when the
 * mean is near the ceiling and seconds vary around it).
 */
import { MINUTES_PER_DAY } from '../time';

/** Share of the daily peak at a minute: lowest at 04:00 (`night`), highest at 19:00, smooth. */
export function diurnal(minute: number, night = 0.15): number {
  const hour = (minute % MINUTES_PER_DAY) / 60;
  const phase = Math.cos(((hour - 19) / 24) * 2 * Math.PI); // 1 at 19:00, -1 at 07:00
  const shape = (1 + phase) / 2;
  return night + (1 - night) * shape ** 1.5;
}

/** Standard normal density and tail (Abramowitz–Stegun 7.1.26 for erf). */
function phi(z: number): number {
  return Math.exp((-z * z) / 2) / Math.sqrt(2 * Math.PI);
}
function upperTail(z: number): number {
  const t = 1 / (1 + (0.3275911 * Math.abs(z)) / Math.SQRT2);
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp((-z * z) / 2);
  return z >= 0 ? (1 - erf) / 2 : (1 + erf) / 2;
}

/** E[max(0, X − ceiling)] for X ~ Normal(mean, sd): units above the ceiling in an average second. */
export function expectedExcess(mean: number, sd: number, ceiling: number): number {
  if (sd <= 0) return Math.max(0, mean - ceiling);
  const z = (ceiling - mean) / sd;
  return sd * phi(z) + (mean - ceiling) * upperTail(z);
}

/**
 * Standard deviation of one second's load about the minute's mean `mean` (units/s) when the rate varies by `rateSpread`
 * (a share of the mean) and requests arrive at random about that rate, `unitsPerRequest` each (Poisson in requests). The
 * count is a mixed Poisson, so the two variances add (law of total variance: Var = Var(rate) + E[rate] × units per
 * request); their deviations do not. Added as deviations (0.08 × 760 + √760 = 88 WCU/s instead of 67; Cosmos DB's
 * 0.1 × 2,250 + √(6 × 2,250) = 341 RU/s instead of 253) they counted a covariance the two cannot have, and a partition
 * at its planned load throttled seconds its plan does not (test/replay/lint-clean-planned-peak.test.ts,
 * test/replay/cosmos-spread.test.ts).
 */
export function perSecondSd(mean: number, rateSpread: number, unitsPerRequest = 1): number {
  return Math.hypot(rateSpread * mean, Math.sqrt(mean * unitsPerRequest));
}

/** Quantile of the standard normal (Acklam's approximation), for percentiles of modelled latency. */
export function normalQuantile(p: number): number {
  const a = [-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const q = Math.min(Math.max(p, 1e-12), 1 - 1e-12);
  if (q < 0.02425) {
    const r = Math.sqrt(-2 * Math.log(q));
    return (((((c[0] * r + c[1]) * r + c[2]) * r + c[3]) * r + c[4]) * r + c[5]) / ((((d[0] * r + d[1]) * r + d[2]) * r + d[3]) * r + 1);
  }
  if (q > 1 - 0.02425) return -normalQuantile(1 - q);
  const r = q - 0.5;
  const s = r * r;
  return ((((((a[0] * s + a[1]) * s + a[2]) * s + a[3]) * s + a[4]) * s + a[5]) * r) / (((((b[0] * s + b[1]) * s + b[2]) * s + b[3]) * s + b[4]) * s + 1);
}
