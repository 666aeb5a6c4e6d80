/**
 * The example app (examples/cdk) and the example program (examples/pulumi) as the replay sees them:
 * their synthesized template / registered resources, the traffic profile of each table and container
 * (from their designs), and the meaning of the log-alert queries (lib/pulumi/queries.ts).
 */
import { App } from 'aws-cdk-lib';
import { SkewguardExampleStack } from '../../../examples/cdk/stack';
import { loggedFirstLevel, type CosmosKeyDesign } from '../../../lib';
import {
  hotKeyQuery,
  hotPrefixQuery,
  INGESTION_LAG_MINUTES,
  largestPartitionQuery,
  SUSTAINED_INTERVALS,
  SUSTAINED_MINUTES,
  THROTTLE_LONG_WINDOW_MINUTES,
  throttleRateQuery,
} from '../../../lib/pulumi/queries';
import type { CfnTemplate, CosmosContainerProfile, DynamoTableProfile, LogRow, QueryRegistry, QuerySemantics, ResultRow } from '../../../lib/testing/replay';

/** The example stack, synthesized without aws-cdk-lib's validation (not under test here). */
export function exampleTemplate(): CfnTemplate {
  const previous = process.env.CDK_VALIDATION;
  process.env.CDK_VALIDATION = 'false';
  try {
    const app = new App();
    const stack = new SkewguardExampleStack(app, 'SkewguardExample');
    return app.synth().getStackByName(stack.stackName).template as CfnTemplate;
  } finally {
    process.env.CDK_VALIDATION = previous;
  }
}

/** From the designs in examples/cdk/stack.ts: Tickets (on-demand, no maximum, the hot event sharded
 *  25 ways) and Documents (on-demand with maximums, two GSIs receiving every write). */
export const EXAMPLE_TABLES: Readonly<Record<string, DynamoTableProfile>> = {
  Tickets: { capacity: { mode: 'on-demand' }, peakRead: 6_000, peakWrite: 80_000, cardinality: 5_000 * 25, hotKey: { share: 0.25, shards: 25 } },
  Documents: {
    capacity: { mode: 'on-demand', maxRead: 20_000, maxWrite: 4_000 },
    peakRead: 9_000,
    peakWrite: 1_500,
    cardinality: 1_000_000,
    indexes: [
      { name: 'by-tenant-owner', peakRead: 3_000, writeShare: 1, cardinality: 2_000 * 400_000 },
      { name: 'by-folder', peakRead: 1_000, writeShare: 1, cardinality: 250_000 },
    ],
  },
};

/** From examples/pulumi: events (autoscale to 40,000 RU/s, 4 ranges, 120 GB assumed) and devices
 *  (manual 1,000 RU/s, one range). The devices design declares 1,500 reads/s and 300 writes/s, more
 *  than 1,000 RU/s can serve; its profile peaks at 800 RU/s so that a healthy week is healthy. */
export const EXAMPLE_CONTAINERS: Readonly<Record<string, CosmosContainerProfile>> = {
  events: { throughput: { kind: 'autoscale', ru: 40_000 }, storageGb: 120, peakRu: 33_000, largestPartitionGb: 0.5 },
  devices: { throughput: { kind: 'manual', ru: 1_000 }, storageGb: 5, peakRu: 800, largestPartitionGb: 1.2 },
};

/** `profiles` with each container's normalized design from the example program (`GuardedContainer.design`), so that
 *  the replay judges a hot key against the ceiling that container's hotKey alert uses (`ContainerModel.design`). */
export function withDesigns(
  profiles: Readonly<Record<string, CosmosContainerProfile>>,
  containers: Readonly<Record<string, { readonly design: CosmosKeyDesign }>>,
): Record<string, CosmosContainerProfile> {
  return Object.fromEntries(Object.entries(profiles).map(([name, profile]) => [name, { ...profile, design: containers[name].design }]));
}

/** `| where DatabaseName == db and CollectionName == container`, and a TimeGenerated span. The rows are
 *  read in place (no copy per row): a replay runs these queries some 20,000 times over thousands of rows. */
const rowsOfContainer = (rows: readonly LogRow[], db: string, container: string, from = -Infinity, to = Infinity): LogRow[] =>
  rows.filter((r) => r.columns.DatabaseName === db && r.columns.CollectionName === container && r.timeGenerated >= from && r.timeGenerated < to);
const isNotEmpty = (value: unknown) => value !== undefined && value !== null && String(value) !== '';
const binned = (minute: number, size: number) => Math.floor(minute / size) * size;

/** largestPartitionQuery: max SizeKb per non-empty key, in GB, top 1. */
function largestPartition(db: string, container: string): QuerySemantics {
  return (rowsOf) => {
    const size = new Map<string, number>();
    for (const { columns: c } of rowsOfContainer(rowsOf('CDBPartitionKeyStatistics'), db, container)) {
      if (isNotEmpty(c.PartitionKey)) size.set(String(c.PartitionKey), Math.max(size.get(String(c.PartitionKey)) ?? 0, Number(c.SizeKb)));
    }
    const all = [...size].map(([PartitionKey, kb]): ResultRow => ({ PartitionKey, SizeKb: kb, SizeGb: kb / 1_048_576 }));
    return all.sort((a, b) => Number(b.SizeGb) - Number(a.SizeGb)).slice(0, 1);
  };
}

/**
 * hotKeyQuery / hotPrefixQuery: the judged span is [bin(now, 1m) − INGESTION_LAG, + SUSTAINED_MINUTES);
 * per value (key or first level) and region, each minute's RU ÷ 60; the lowest of them, kept when
 * the value is present in every judged minute; the highest such value per region.
 */
function sustainedRu(db: string, container: string, by: 'PartitionKey' | 'Prefix'): QuerySemantics {
  return (rowsOf, { now }) => {
    const judgedEnd = binned(now, 1) - INGESTION_LAG_MINUTES;
    const judgedStart = judgedEnd - SUSTAINED_MINUTES;
    // Per value and region: the RU of each judged minute.
    const perMinute = new Map<string, { value: string; region: string; minutes: Map<number, number> }>();
    for (const { columns: c, timeGenerated } of rowsOfContainer(rowsOf('CDBPartitionKeyRUConsumption'), db, container, judgedStart, judgedEnd)) {
      if (!isNotEmpty(c.PartitionKey)) continue;
      const value = by === 'Prefix' ? loggedFirstLevel(String(c.PartitionKey)) : String(c.PartitionKey);
      const region = String(c.RegionName ?? '');
      const id = `${region}\u0000${value}`;
      let series = perMinute.get(id);
      if (!series) {
        series = { value, region, minutes: new Map() };
        perMinute.set(id, series);
      }
      const minute = binned(timeGenerated, 1);
      series.minutes.set(minute, (series.minutes.get(minute) ?? 0) + Number(c.RequestCharge));
    }
    const best = new Map<string, ResultRow>();
    for (const { value, region, minutes } of perMinute.values()) {
      if (minutes.size !== SUSTAINED_MINUTES) continue;
      const sustained = Math.min(...minutes.values()) / 60;
      const current = best.get(region);
      if (!current || sustained > Number(current.SustainedRUPerSecond)) best.set(region, { RegionName: region, [by]: value, SustainedRUPerSecond: sustained });
    }
    return [...best.values()];
  };
}

/**
 * throttleRateQuery: the judged span ends at bin(now, 5m) − INGESTION_LAG; per 5-minute interval of
 * the last THROTTLE_LONG_WINDOW_MINUTES with at least `minimumRequests` requests, throttled and total
 * requests; the long share is the mean of their shares, the short share the lowest of the last
 * SUSTAINED_INTERVALS intervals' shares, kept when all of them were judged; the reported value is the
 * lower of the two.
 */
function throttleRate(db: string, container: string, minimumRequests: number): QuerySemantics {
  return (rowsOf, { now }) => {
    const judgedEnd = binned(now, 5) - INGESTION_LAG_MINUTES;
    const shortStart = judgedEnd - SUSTAINED_INTERVALS * 5;
    const longStart = judgedEnd - THROTTLE_LONG_WINDOW_MINUTES;
    const intervals = new Map<number, { throttled: number; requests: number }>();
    for (const { columns: c, timeGenerated } of rowsOfContainer(rowsOf('CDBDataPlaneRequests5M'), db, container, longStart, judgedEnd)) {
      const interval = intervals.get(binned(timeGenerated, 5)) ?? { throttled: 0, requests: 0 };
      const samples = Math.trunc(Number(c.SampleCount));
      interval.requests += samples;
      if (Math.trunc(Number(c.StatusCode)) === 429) interval.throttled += samples;
      intervals.set(binned(timeGenerated, 5), interval);
    }
    const judged = [...intervals].filter(([, i]) => i.requests >= minimumRequests);
    const short = judged.filter(([start]) => start >= shortStart).map(([, i]) => i.throttled / i.requests);
    if (short.length !== SUSTAINED_INTERVALS) return [];
    const longShare = judged.reduce((sum, [, i]) => sum + i.throttled / i.requests, 0) / judged.length;
    const shortShare = Math.min(...short);
    return [{ SustainedThrottledShare: Math.min(longShare, shortShare), LongShare: longShare, ShortShare: shortShare }];
  };
}

/**
 * The meaning of the log-alert queries a GuardedContainer creates (lib/pulumi/queries.ts),
 * recognised by regenerating their exact text for each container: a query that differs in one
 * character has no semantics, and the replay refuses its rule.
 */
export function skewguardQueries(containers: readonly { databaseName: string; containerName: string }[]): QueryRegistry {
  return (query) => {
    for (const { databaseName: db, containerName: c } of containers) {
      if (query === largestPartitionQuery(db, c)) return largestPartition(db, c);
      if (query === hotKeyQuery(db, c)) return sustainedRu(db, c, 'PartitionKey');
      if (query === hotPrefixQuery(db, c)) return sustainedRu(db, c, 'Prefix');
      const minimum = /\| where Requests >= (\d+)\n/.exec(query)?.[1];
      if (minimum !== undefined && query === throttleRateQuery(db, c, Number(minimum))) return throttleRate(db, c, Number(minimum));
    }
    return undefined;
  };
}
