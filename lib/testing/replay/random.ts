/**
 * A seeded pseudo-random generator (mulberry32): the same seed gives the same telemetry on every
 * machine, so a replay test that passes once passes always.
 */
import { shapes } from '../../index';
import { argumentError } from './usage';

export class Random {
  private state: number;

  constructor(seed: number) {
    if (!Number.isInteger(seed))
      throw argumentError(
        'new Random()',
        'seed',
        `must be an integer (the same seed gives the same telemetry), got ${shapes.describe(seed)}; pass a whole number such as 1`,
      );
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Standard normal (Box–Muller). */
  normal(): number {
    const u = Math.max(this.next(), 1e-12);
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
  }

  /** Log-normal with the given median and shape (sigma of the underlying normal). */
  logNormal(median: number, sigma: number): number {
    return median * Math.exp(sigma * this.normal());
  }

  /** Integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Poisson-distributed count (Knuth for small means, normal approximation above 30). */
  poisson(mean: number): number {
    if (mean <= 0) return 0;
    if (mean > 30) return Math.max(0, Math.round(mean + Math.sqrt(mean) * this.normal()));
    const limit = Math.exp(-mean);
    let k = 0;
    let p = this.next();
    while (p > limit) {
      k++;
      p *= this.next();
    }
    return k;
  }

  /** A child generator, so adding draws in one part of a scenario does not shift another part. */
  fork(salt: number): Random {
    return new Random((Math.imul(this.state ^ salt, 2654435761) + salt) | 0);
  }
}
