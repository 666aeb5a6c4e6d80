/** `12,345`: thousands grouped by hand (toLocaleString loads ICU: ~50 ms of a CLI's cold start). */
export function grouped(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
