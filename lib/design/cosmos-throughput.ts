/**
 * The shape of a Cosmos DB container's declared throughput (`CosmosThroughputDesign`), on Azure's
 * grid for each form, shared by the design file and `GuardedContainer` (whose dedicated forms may
 * also be Pulumi Outputs: it wraps the number shapes below).
 */
import { THROUGHPUT_GRID, type ThroughputForm } from '../engines/cosmos-grid';
import { COSMOS_LIMITS } from '../engines/cosmosdb';
import type { CosmosThroughputDesign, SharedDatabaseThroughputDesign } from './input';
import { isObject } from './json-object';
import { describe, num, oneOf, pathOf, readKeys, record, type Shape } from './shape';
import { didYouMean } from './suggest';

export { THROUGHPUT_GRID, gridFormOf, onGrid, throughputForPeak, type ThroughputForm } from '../engines/cosmos-grid';

/** RU/s of one form: a whole number on its grid, no more than Azure's API can carry. */
export function requestUnitsShape(form: ThroughputForm): Shape<number> {
  const { min, step } = THROUGHPUT_GRID[form];
  const max = COSMOS_LIMITS.apiRequestUnitsMax;
  const whole = num({ integer: true, min });
  const expected = `at least ${min} RU/s in steps of ${step}`;
  return {
    expected,
    is: whole.is,
    read(value, place, issues, key) {
      if (typeof value === 'number' && value > max) {
        // Past any quota raise: the value cannot even be sent. (The default quota, 1,000,000 RU/s, is SG017's warning.)
        issues.push({
          path: pathOf(place, key),
          message: `is ${describe(value)} RU/s, more than Azure can provision: its throughput field is a 32-bit integer (at most ${max.toLocaleString('en-US')}), and the default maximum is ${COSMOS_LIMITS.requestUnitsQuota.toLocaleString('en-US')} RU/s per container or database, raised by an Azure support ticket`,
        });
        return undefined;
      }
      if (typeof value === 'number' && Number.isInteger(value) && value >= min && value % step === 0) return value;
      issues.push({ path: pathOf(place, key), message: `expected ${expected}, got ${describe(value)}` });
      return undefined;
    },
    schema: () => ({ ...whole.schema(), multipleOf: step, maximum: max }),
  };
}

/** The one form an object declares, by its keys (`containers` goes with `sharedDatabase`). */
export function throughputFormOf(value: unknown): ThroughputForm | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  return formOfKeys(Object.keys(value));
}

function formOfKeys(allKeys: readonly string[]): ThroughputForm | undefined {
  const keys = allKeys.filter((k) => k !== 'containers');
  // Own keys of the grid only: `in` would take "constructor" or "__proto__" for a form.
  return keys.length === 1 && Object.prototype.hasOwnProperty.call(THROUGHPUT_GRID, keys[0]) ? (keys[0] as ThroughputForm) : undefined;
}

const dedicated = {
  manual: record<{ manual: number }>({ manual: { shape: requestUnitsShape('manual'), doc: 'Dedicated manual throughput in RU/s.' } }),
  autoscaleMax: record<{ autoscaleMax: number }>({ autoscaleMax: { shape: requestUnitsShape('autoscaleMax'), doc: 'Dedicated autoscale maximum in RU/s.' } }),
  sharedDatabase: record<SharedDatabaseThroughputDesign>({
    sharedDatabase: { shape: requestUnitsShape('sharedDatabase'), doc: "The database's provisioned RU/s (manual, or its autoscale maximum)." },
    containers: {
      shape: num({ integer: true, min: 1 }),
      optional: true,
      doc: "Busy containers sharing the database's RU/s at this container's peak (an even split); default 1.",
    },
  }),
} as const;

const serverless = oneOf(['serverless']);

/** ` (did you mean "autoscaleMax"?)` for a misspelt form (`autoScaleMax`), or `''`. */
export function formGuess(keys: readonly string[]): string {
  const forms = Object.keys(THROUGHPUT_GRID);
  const misspelt = keys.find((k) => k !== 'containers' && !forms.includes(k));
  return misspelt === undefined ? '' : didYouMean(misspelt, forms);
}

/** `{ manual }`, `{ autoscaleMax }`, `{ sharedDatabase, containers? }` or `"serverless"`, exactly one form. */
export const cosmosThroughputShape: Shape<CosmosThroughputDesign> = {
  expected: '{ manual: RU/s }, { autoscaleMax: RU/s }, { sharedDatabase: RU/s, containers?: n } or "serverless"',
  is: (value) => typeof value === 'string' || isObject(value),
  read(value, place, issues, key) {
    if (value === 'shared') {
      issues.push({
        path: pathOf(place, key),
        message: 'expected { sharedDatabase: RU/s, containers?: n } for shared database throughput (the design needs its RU/s), got "shared"',
      });
      return undefined;
    }
    if (typeof value === 'string') return serverless.read(value, place, issues, key);
    const keys = isObject(value) ? readKeys(value, place, issues, key) : [];
    if (keys === undefined) return undefined;
    const form = formOfKeys(keys);
    if (form) return dedicated[form].read(value, place, issues, key);
    issues.push({
      path: pathOf(place, key),
      message: `expected exactly one of ${cosmosThroughputShape.expected}, got ${keys.length > 0 ? `{ ${keys.join(', ')} }` : describe(value)}${formGuess(keys)}`,
    });
    return undefined;
  },
  schema: () => ({ anyOf: [dedicated.manual.schema(), dedicated.autoscaleMax.schema(), dedicated.sharedDatabase.schema(), serverless.schema()] }),
};
