/**
 * Replay time: whole minutes from the start of a scenario. Scenarios start on a Monday at 00:00 UTC
 * so "day 3, 14:00" means the same in every scenario and every report.
 */
import { alertInputError } from './usage';
export const REPLAY_EPOCH = Date.UTC(2026, 0, 5);
export const MINUTES_PER_DAY = 1440;
export const MINUTES_PER_WEEK = 7 * MINUTES_PER_DAY;

/** ISO timestamp of a replay minute. */
export function timestampOf(minute: number): string {
  return new Date(REPLAY_EPOCH + minute * 60_000).toISOString();
}

/** `d2 14:05` for a replay minute (day 0 is the first Monday). */
export function clockOf(minute: number): string {
  const day = Math.floor(minute / MINUTES_PER_DAY);
  const inDay = minute - day * MINUTES_PER_DAY;
  return `d${day} ${String(Math.floor(inDay / 60)).padStart(2, '0')}:${String(inDay % 60).padStart(2, '0')}`;
}

/** ISO 8601 duration in whole minutes (`PT5M`, `PT1H`, `P1D`, `PT1H30M`) to minutes. */
export function isoMinutes(duration: unknown, field: string): number {
  const match = typeof duration === 'string' ? /^P(?:(\d+)D)?(?:T(?=\d)(?:(\d+)H)?(?:(\d+)M)?)?$/.exec(duration) : null;
  if (!match || duration === 'P')
    throw alertInputError(field, `expected an ISO 8601 duration in whole minutes (PT5M, PT1H, P1D), got ${JSON.stringify(duration)}`);
  const [, days = '0', hours = '0', mins = '0'] = match;
  return Number(days) * MINUTES_PER_DAY + Number(hours) * 60 + Number(mins);
}
