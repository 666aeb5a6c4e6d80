/**
 * A whole program's container designs checked before any of them registers. GuardedContainer refuses
 * in its own constructor, so in a program that creates six containers and the sixth is refused, the
 * first five have already registered: `pulumi preview` fails with nothing created, but `pulumi up`
 * may already be creating them when the program stops. Calling this first, with every container's
 * args, refuses the program before the first `new`.
 */
import type { DesignIssue, Finding } from '../index';
import { planContainer, type ContainerPlan, type DataSafetyOptions } from './container-plan';
import { DesignRefusedError, InvalidArgsError } from './errors';
import type { GuardedContainerArgs } from './guarded-container-args';
import { sharedDatabaseIssues } from './shared-database-declarations';

/**
 * Checks every container as its GuardedContainer would (args, design, rules), creating nothing.
 * Throws one `InvalidArgsError` (every unreadable arg, paths prefixed with the container's name; containers on one
 * shared database that declare its RU/s or busy containers differently, or fewer containers than the program creates
 * on it) or
 * one `DesignRefusedError` (every blocking finding, each report in turn) for the whole program.
 *
 * @example checkGuardedContainers({ events: eventsArgs, devices: devicesArgs }); // then create them
 */
export function checkGuardedContainers(containers: Readonly<Record<string, GuardedContainerArgs>>, opts: DataSafetyOptions = {}): void {
  const issues: DesignIssue[] = [];
  const findings: Finding[] = [];
  const reports: string[] = [];
  const plans: { name: string; plan: ContainerPlan; given: GuardedContainerArgs }[] = [];
  for (const [name, args] of Object.entries(containers)) {
    try {
      plans.push({ name, plan: planContainer(name, args, opts), given: args });
    } catch (error) {
      if (error instanceof InvalidArgsError) issues.push(...error.issues.map((i) => ({ path: `${name}.${i.path}`.replace(/\.$/, ''), message: i.message })));
      else if (error instanceof DesignRefusedError) {
        findings.push(...error.findings);
        reports.push(error.message);
      } else throw error;
    }
  }
  // Containers on one shared database must declare it alike (each alone passed on its own figures).
  issues.push(...sharedDatabaseIssues(plans));
  const program = `the program's ${Object.keys(containers).length} GuardedContainers`;
  if (issues.length > 0) throw new InvalidArgsError(program, issues);
  if (findings.length > 0) throw new DesignRefusedError(program, findings, reports.join('\n\n'));
}
