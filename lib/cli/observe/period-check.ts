/**
 * The manifest's `periodSeconds` held against the exports' own timestamps, before any figure is
 * derived. Neither `get-metric-data` nor `get-insight-rule-report` prints the `--period` it was asked
 * for: each datapoint is one period's statistic, stamped with the period's start
 * (https://docs.aws.amazon.com/AmazonCloudWatch/latest/APIReference/API_GetMetricData.html,
 * https://docs.aws.amazon.com/AmazonCloudWatch/latest/APIReference/API_GetInsightRuleReport.html),
 * so a peak is a datapoint's Sum ÷ the declared period. Declare 60 for an export made with
 * `--period 3600` and every peak is 60× too high; that must never reach a design file.
 *
 * The spacing of a series is the greatest common divisor of the gaps between its timestamps:
 * - a CloudWatch series (one datapoint per period) is consistent only when it equals the period;
 * - Log Analytics rows are summed into periods here, so they are consistent when their spacing
 *   divides the period (raw rows, or rows binned as finely or finer); rows binned more coarsely
 *   would put several periods' RequestCharge into one.
 * An inconsistency is an error (exit 2), never a period guessed from the timestamps: CloudWatch omits
 * periods without data, so an idle table's one-minute export can be spaced an hour apart, and
 * a guessed hour would then divide its peaks by 60. The user states the period; observe checks it.
 * Live queries ask for the period themselves and are not checked.
 */
import { readInsightRuleReport, readMetricData } from './aws-reports';
import { readRuConsumption } from './azure-reports';
import { inContainer } from './derive-cosmos';
import { fmt } from './figures';
import type { Manifest, ObservationFiles } from './manifest';
import { ObservationError } from './read-json';

/** The CloudWatch series whose figures divide by the period (throttles are summed over the window). */
const PER_PERIOD_METRICS = ['consumedRead', 'consumedWrite'];

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** Milliseconds between the timestamps' grid lines; undefined with fewer than two distinct timestamps. */
export function spacingMs(timestamps: readonly number[]): number | undefined {
  const sorted = [...new Set(timestamps)].sort((a, b) => a - b);
  let spacing = 0;
  for (let i = 1; i < sorted.length; i++) spacing = gcd(spacing, sorted[i] - sorted[i - 1]);
  return spacing > 0 ? spacing : undefined;
}

const seconds = (ms: number) => `${ms % 1000 === 0 ? ms / 1000 : (ms / 1000).toFixed(3)} s`;

function periodOf(manifest: Manifest): string {
  return manifest.periodDeclared
    ? `"periodSeconds" of ${manifest.file} is ${manifest.periodSeconds}`
    : `${manifest.file} does not set "periodSeconds", so it is the default ${manifest.periodSeconds}`;
}

/** Throws unless a CloudWatch series has exactly one datapoint per declared period. */
function checkCloudWatch(file: string, field: string, timestamps: readonly number[], manifest: Manifest): void {
  const spacing = spacingMs(timestamps);
  const period = manifest.periodSeconds * 1000;
  if (spacing === undefined || spacing === period) return;
  const wrong = spacing > period ? `${fmt(spacing / period)}× too high` : 'too low';
  throw new ObservationError(
    file,
    field,
    `the datapoints are ${seconds(spacing)} apart (or a multiple of it), but ${periodOf(manifest)}: each datapoint is one period's Sum, so every peak would be ${wrong}, and nothing was derived or written. ` +
      `Set "periodSeconds" in ${manifest.file} to the --period every export was made with (${seconds(spacing)} if this one is right); ` +
      `a one-minute export of a table idle between bursts can be spaced more widely: export again over a window with steady traffic`,
  );
}

/** Throws when Log Analytics rows are binned more coarsely than the declared period. */
function checkLogRows(file: string, timestamps: readonly number[], manifest: Manifest): void {
  const spacing = spacingMs(timestamps);
  const period = manifest.periodSeconds * 1000;
  if (spacing === undefined || period % spacing === 0) return;
  throw new ObservationError(
    file,
    '[].TimeGenerated',
    `the rows are ${seconds(spacing)} apart (or a multiple of it), but ${periodOf(manifest)}: RequestCharge binned by ${seconds(spacing)} summed into ${manifest.periodSeconds} s periods would overstate the peaks, and nothing was derived or written. ` +
      `Set "periodSeconds" in ${manifest.file} to the bin of the query (bin(TimeGenerated, ${manifest.periodSeconds}s) for the one set now)`,
  );
}

/** Every export of one manifest entry whose figures depend on the period, held against it. */
export function checkPeriods(files: ObservationFiles, manifest: Manifest): void {
  if (files.engine === 'cosmosdb') {
    const { ruConsumption } = files;
    if (!ruConsumption) return;
    const rows = readRuConsumption(ruConsumption.name, ruConsumption.value).filter(inContainer(files));
    return checkLogRows(
      ruConsumption.name,
      rows.map((r) => r.timestamp),
      manifest,
    );
  }
  const { metrics, contributorInsights } = files;
  if (metrics)
    readMetricData(metrics.name, metrics.value).forEach((series, i) => {
      if (PER_PERIOD_METRICS.includes(series.id))
        checkCloudWatch(
          metrics.name,
          `MetricDataResults[${i}].Timestamps`,
          series.points.map((p) => p.timestamp),
          manifest,
        );
    });
  if (contributorInsights) {
    const report = readInsightRuleReport(contributorInsights.name, contributorInsights.value);
    checkCloudWatch(
      contributorInsights.name,
      'MetricDatapoints[].Timestamp',
      report.datapoints.map((d) => d.timestamp),
      manifest,
    );
  }
}
