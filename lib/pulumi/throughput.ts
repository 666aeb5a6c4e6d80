/**
 * Where a container's RU/s come from. It decides which alerts can fire: NormalizedRUConsumption has
 * no per-container data on shared database throughput ("Monitor normalized RU/s", Microsoft Learn),
 * and a serverless container has no provisioned throughput to normalize against, while it serves
 * 5,000 RU/s shared by up to five physical partitions, then 1,000 per partition beyond (the lower of the two texts of
 * "Azure Cosmos DB serverless account performance": COSMOS_LIMITS.serverlessContainerRequestUnits).
 */
import type * as inputs from '@pulumi/azure-native/types/input';
import * as pulumi from '@pulumi/pulumi';
import { shapes, type CosmosThroughputDesign, type DesignIssue } from '../index';
import { THROUGHPUT_GRID, didYouMean, isObject, requestUnitsShape } from '../internal';
import { deployTime } from './arg-shapes';

/**
 * The container's throughput:
 * - `{ manual: RU/s }`: dedicated, from 400 RU/s in steps of 100;
 * - `{ autoscaleMax: RU/s }`: dedicated autoscale (10%–100% of the maximum), from 1,000 RU/s in steps of 1,000;
 * - `'shared'`: the database's provisioned throughput, shared by its containers;
 * - `'serverless'`: a serverless account (billed per request, no provisioned throughput).
 */
export type ThroughputInput =
  | {
      /** Dedicated manual throughput in RU/s: from 400, in steps of 100. */
      readonly manual: pulumi.Input<number>;
    }
  | {
      /** Dedicated autoscale maximum in RU/s: from 1,000, in steps of 1,000; the container scales between 10% of it and it. */
      readonly autoscaleMax: pulumi.Input<number>;
    }
  | 'shared'
  | 'serverless';

export type ThroughputMode = 'dedicated' | 'shared' | 'serverless';

/** Azure's grid for dedicated container throughput (the core's, shared with the design file's `throughput`). */
const DEDICATED = { manual: THROUGHPUT_GRID.manual, autoscaleMax: THROUGHPUT_GRID.autoscaleMax } as const;

const manual = shapes.record<{ manual: number | pulumi.Output<number> }>({
  manual: { shape: deployTime(requestUnitsShape('manual')), doc: 'Dedicated manual throughput in RU/s.' },
});
const autoscale = shapes.record<{ autoscaleMax: number | pulumi.Output<number> }>({
  autoscaleMax: { shape: deployTime(requestUnitsShape('autoscaleMax')), doc: 'Dedicated autoscale maximum in RU/s.' },
});
const MODES = ['shared', 'serverless'] as const;
const modes = shapes.oneOf(MODES);

/** `{ manual }`, `{ autoscaleMax }`, `'shared'` or `'serverless'`, exactly one form. */
export const throughputShape: shapes.Shape<ThroughputInput> = {
  expected: '{ manual: RU/s }, { autoscaleMax: RU/s }, "shared" (the database\'s throughput) or "serverless"',
  is: () => true,
  read(value, place, issues, key) {
    // A string that is no mode is named against every form: `{ manual }` and `{ autoscaleMax }` are what it most likely meant.
    if (typeof value === 'string' && modes.is(value)) return modes.read(value, place, issues, key);
    // The form decides which Azure resource and alerts the component creates, so it must be known when the program runs.
    if (pulumi.Output.isInstance(value) || value instanceof Promise) {
      issues.push({
        path: shapes.pathOf(place, key),
        message:
          'is an Output (or a Promise) of the whole setting: its form decides what the component creates, so it must be known when the program runs; ' +
          'give the form as written and an Output for the RU/s only, e.g. { manual: config.requireNumber("ru") } or { autoscaleMax: ruOutput }',
      });
      return undefined;
    }
    const keys = isObject(value) ? Object.keys(value) : [];
    if (keys.length === 1 && keys[0] === 'manual') return manual.read(value, place, issues, key);
    if (keys.length === 1 && keys[0] === 'autoscaleMax') return autoscale.read(value, place, issues, key);
    issues.push({
      path: shapes.pathOf(place, key),
      message: `expected exactly one of ${throughputShape.expected}, got ${value === undefined ? 'nothing' : keys.length > 0 ? `{ ${keys.join(', ')} }` : shapes.describe(value)}${typeof value === 'string' ? didYouMean(value, MODES) : misspeltForm(keys)}`,
    });
    return undefined;
  },
  schema: () => ({ anyOf: [manual.schema(), autoscale.schema(), modes.schema()] }),
};

/** ` (did you mean "autoscaleMax"?)` for a misspelt dedicated form (`autoScaleMax`), or `''`. */
function misspeltForm(keys: readonly string[]): string {
  const forms = Object.keys(DEDICATED);
  const misspelt = keys.find((k) => !forms.includes(k));
  return misspelt === undefined ? '' : didYouMean(misspelt, forms);
}

export function throughputMode(throughput: ThroughputInput): ThroughputMode {
  return throughput === 'shared' || throughput === 'serverless' ? throughput : 'dedicated';
}

/** A dedicated form whose RU/s are an Output or a Promise: its field (`throughput.manual`) and the value. */
export interface DeferredThroughput {
  readonly form: keyof typeof DEDICATED;
  readonly value: pulumi.Input<number>;
}

/** The dedicated form whose RU/s are known only at deployment, if any: its checks run then (deferred-throughput.ts). */
export function deferredThroughput(throughput: ThroughputInput): DeferredThroughput | undefined {
  if (typeof throughput === 'string') return undefined;
  const [form, value] = Object.entries(throughput)[0] as [keyof typeof DEDICATED, pulumi.Input<number>];
  return pulumi.Output.isInstance(value) || value instanceof Promise ? { form, value } : undefined;
}

/**
 * What a refusal made without the RU/s (an Output, read in the constructor before its value exists) assumed, and how to
 * get the count at the RU/s the container will have. Without them the core knows no physical partitions: a hot key is
 * judged against its logical partition's 10,000 RU/s alone (Azure, "Service quotas"), while a container's RU/s are
 * divided evenly among its physical partitions, which a key shares with the other keys there ("Partitioning and
 * horizontal scaling"): at the real RU/s its share can be far less, and the count it needs far more (3 shards without
 * the RU/s, 65 at 25,000 RU/s). design.throughput in the same form is linted now and checked against the Output once
 * known (`designThroughput`: a different value is an error then).
 */
export function unknownThroughputNote(deferred: DeferredThroughput, logicalCeiling: number): string {
  const field = `throughput.${deferred.form}`;
  return (
    `${field} is a Pulumi Output, whose value is not known when the program runs: the design was linted without the container's RU/s, ` +
    `assuming only a logical partition's ceiling (${logicalCeiling.toLocaleString('en-US')} RU/s per key value) and no physical partitions, so no hot key was ` +
    "judged against its physical partition's share of the RU/s (SG003, SG012) and the peak not against the RU/s (SG017). " +
    'A shard or copy count N in these findings is the least the key needs: at the real RU/s its physical partition can leave it less, and N be higher. ' +
    `For the count at the RU/s you expect, declare them in design.throughput too (design.throughput: { ${deferred.form}: <RU/s> }, the form of args.throughput): ` +
    "the design is then linted with them now, and checked against the Output's value once it is known."
  );
}

/**
 * The design's `throughput` from the component's (so the user declares it once). `'shared'`
 * carries no RU/s, so the design may add `{ sharedDatabase }`; a value known only at deployment gives
 * none (the design is linted without it, and it is checked once known: deferred-throughput.ts). A design that declares a
 * different throughput is an error naming both fields.
 */
export function designThroughput(arg: unknown, declared: CosmosThroughputDesign | undefined, issues: DesignIssue[]): CosmosThroughputDesign | undefined {
  // An args.throughput that is not valid is reported with the other args; the design goes without it.
  if (!validArg(arg)) return declared;
  const fromArg: CosmosThroughputDesign | undefined =
    arg === 'serverless'
      ? 'serverless'
      : arg === 'shared'
        ? undefined
        : (Object.fromEntries(Object.entries(arg).filter(([, v]) => typeof v === 'number')) as CosmosThroughputDesign);
  const known = fromArg === undefined || typeof fromArg === 'string' || Object.keys(fromArg).length > 0 ? fromArg : undefined;
  if (declared === undefined) return known;
  const agrees =
    known !== undefined
      ? JSON.stringify(known) === JSON.stringify(declared)
      : arg === 'shared'
        ? typeof declared === 'object' && 'sharedDatabase' in declared
        : typeof arg === 'object' && Object.keys(arg)[0] === (typeof declared === 'object' ? Object.keys(declared)[0] : declared);
  if (!agrees) {
    issues.push({
      path: 'design.throughput',
      message: `is ${JSON.stringify(declared)}, but args.throughput is ${describeArg(arg)}: GuardedContainer passes args.throughput into the design, so declare the throughput once, in args.throughput (keep design.throughput only for a shared database's { sharedDatabase: RU/s })`,
    });
  }
  return known ?? declared;
}

/** Whether args.throughput is one of its forms with a value on its grid (or one known only at deployment). */
function validArg(arg: unknown): arg is ThroughputInput {
  const issues: DesignIssue[] = [];
  return arg !== undefined && throughputShape.read(arg, 'throughput', issues) !== undefined && issues.length === 0;
}

function describeArg(arg: ThroughputInput): string {
  if (typeof arg === 'string') return JSON.stringify(arg);
  const [form, value] = Object.entries(arg)[0];
  return `{ ${form}: ${typeof value === 'number' ? value : 'a value known at deployment'} }`;
}

/**
 * The container's `options`: dedicated throughput only (a shared or serverless container sets none). They carry every
 * change of the RU/s, not only the first: azure-native sends them with each update, and Azure applies them to an
 * existing container's throughput in the same form ("To change the throughput values, redeploy the template with
 * updated RU/s", Microsoft Learn, "Manage Azure Cosmos DB for NoSQL resources with ARM templates"); azure-native has no
 * throughput-settings resource to send them through instead. A change of form (manual ↔ autoscale) needs Azure's
 * migration first (docs/pulumi.md, "Data safety").
 */
export function throughputOptions(throughput: ThroughputInput): inputs.cosmosdb.CreateUpdateOptionsArgs | undefined {
  if (typeof throughput === 'string') return undefined;
  return 'manual' in throughput ? { throughput: throughput.manual } : { autoscaleSettings: { maxThroughput: throughput.autoscaleMax } };
}
