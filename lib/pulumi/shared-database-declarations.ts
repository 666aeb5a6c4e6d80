/**
 * The containers of one shared-throughput database each declare its RU/s and its busy containers
 * (`design.throughput: { sharedDatabase, containers }`): each is linted on its own declaration, so three that say
 * 50,000 RU/s for 5 containers, 20,000 for 2 and 400 for 1 would all pass, though the database has one
 * figure. A program's GuardedContainers on one database must say the same, and count at least the ones it creates.
 * A database is one by its resource object, or by its name (as a string) in the same account.
 */
import type { DesignIssue } from '../index';
import type { ContainerPlan } from './container-plan';
import type { GuardedContainerArgs } from './guarded-container-args';

/** One container's declaration of its shared database. */
interface SharedDeclaration {
  readonly name: string;
  readonly databaseRequestUnits: number;
  readonly containers: number;
}

const FIELD = 'design.throughput';

/** A name given as a string, or as the string `name` of an object; undefined when known only at deployment. */
function plainName(value: unknown): string | undefined {
  const named = value !== null && typeof value === 'object' && 'name' in value ? value.name : value;
  return typeof named === 'string' ? named : undefined;
}

/** The identity of the database a container is on: `account/name` where the database's name is plain, else the object
 *  given (a SqlResourceSqlDatabase whose name is an Output: one resource object, one database). */
function databaseIdentity(args: GuardedContainerArgs): unknown {
  const database = plainName(args.database);
  return database === undefined ? args.database : `${(plainName(args.account) ?? '').toLowerCase()}/${database}`;
}

function databaseLabel(args: GuardedContainerArgs): string {
  const database = plainName(args.database);
  return database === undefined ? 'the database resource they share' : `database "${database}"`;
}

/** Every disagreement among the shared-database declarations of a program's containers, at `<name>.design.throughput`. */
export function sharedDatabaseIssues(
  plans: readonly { readonly name: string; readonly plan: ContainerPlan; readonly given: GuardedContainerArgs }[],
): DesignIssue[] {
  const byDatabase = new Map<unknown, { label: string; declared: SharedDeclaration[] }>();
  for (const { name, plan, given } of plans) {
    const shared = plan.verdict.design.throughput?.shared;
    if (plan.throughput !== 'shared' || !shared) continue;
    const key = databaseIdentity(given);
    const group = byDatabase.get(key) ?? { label: databaseLabel(given), declared: [] };
    group.declared.push({ name, databaseRequestUnits: shared.databaseRequestUnits, containers: shared.containers });
    byDatabase.set(key, group);
  }
  const issues: DesignIssue[] = [];
  for (const { label, declared } of byDatabase.values()) {
    const [first, ...others] = declared;
    for (const other of others) {
      if (other.databaseRequestUnits !== first.databaseRequestUnits || other.containers !== first.containers) {
        issues.push({
          path: `${other.name}.${FIELD}`,
          message: `declares ${label} at ${describe(other)}, while "${first.name}" (${first.name}.${FIELD}) declares ${describe(first)}: one database has one RU/s figure and one set of busy containers; declare the same in both`,
        });
      }
    }
    const fewest = declared.reduce((least, d) => (d.containers < least.containers ? d : least), first);
    if (fewest.containers < declared.length) {
      issues.push({
        path: `${fewest.name}.${FIELD}.containers`,
        message: `is ${fewest.containers}, but this program creates ${declared.length} GuardedContainers on ${label} (${declared.map((d) => `"${d.name}"`).join(', ')}): each is taken to be as busy as the one declaring it, so the database's partitions carry at least ${declared.length} containers' load; declare containers: ${declared.length} or more`,
      });
    }
  }
  return issues;
}

function describe(d: SharedDeclaration): string {
  return `{ sharedDatabase: ${d.databaseRequestUnits.toLocaleString('en-US')}, containers: ${d.containers} }`;
}
