import type { CosmosThroughput } from '../design/key-design';

/** Azure's grid of provisioned throughput, and the RU/s a peak needs on it (the engine's knowledge; the design shapes read it). */
/**
 * Azure's limits for provisioned throughput (Microsoft Learn, "Provisioned throughput" and "Service
 * quotas"): manual (container or database) from 400 RU/s in steps of 100; autoscale maximum from
 * 1,000 RU/s in steps of 1,000.
 */
export const THROUGHPUT_GRID = {
  manual: { min: 400, step: 100 },
  autoscaleMax: { min: 1_000, step: 1_000 },
  sharedDatabase: { min: 400, step: 100 },
} as const;

export type ThroughputForm = keyof typeof THROUGHPUT_GRID;

/** The grid a provisioned mode's RU/s are declared on: an autoscale maximum, a shared database's, or manual. */
export function gridFormOf(mode: Exclude<CosmosThroughput['mode'], 'serverless'>): ThroughputForm {
  return mode === 'autoscale' ? 'autoscaleMax' : mode === 'shared' ? 'sharedDatabase' : 'manual';
}

/** The smallest value on a form's grid at or above `ru`. */
export function onGrid(form: ThroughputForm, ru: number): number {
  const { min, step } = THROUGHPUT_GRID[form];
  return Math.max(min, Math.ceil(ru / step - 1e-9) * step);
}

/**
 * The RU/s a container whose peak is `peak` needs on `form`'s grid so that the peak fits `headroom` of them
 * (SG017's fix, and the throughput SG003 judges an over-capacity container's hot key at). `perContainer`: how
 * many busy containers share the form's RU/s (a shared database's), so the figure is the database's.
 */
export function throughputForPeak(form: ThroughputForm, peak: number, headroom: number, perContainer = 1): number {
  return onGrid(form, (peak / headroom) * perContainer);
}
