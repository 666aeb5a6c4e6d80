/**
 * A short text report of the GuardedTables under a scope, for apps to print at synth (the example
 * app does): each table's keys, what watches it, and the core's findings. The plugin's report is
 * CDK's; this one is for people reading a terminal.
 */
import type { IConstruct } from 'constructs';
import { describeFinding, printable, type KeySpace } from '../index';
import { fixesOnce, keySpacesOf } from '../internal';
import { checkScope } from './cdk-shapes';
import { GuardedTable } from './guarded-table';

function keys(space: KeySpace): string {
  const sort = space.sortKey.length > 0 ? `, sort ${space.sortKey.map((a) => a.name).join(' + ')}` : '';
  const cardinality = space.partitionKey
    .map((a) => `${a.name} (${a.cardinality === 'unique' ? 'unique' : `${a.cardinality?.toLocaleString('en-US')} values`})`)
    .join(' + ');
  return `${space.index === undefined ? 'table' : `index ${space.index}`}: partition ${cardinality}${sort}${space.sharding ? `, ${space.sharding.strategy} sharding × ${space.sharding.shards}` : ''}${space.keyMonitoring ? '' : ', Contributor Insights OFF'}`;
}

/** The report of every GuardedTable under `scope` (usually the app). */
export function designReport(scope: IConstruct): string {
  const tables = checkScope(scope, 'designReport').node.findAll().filter(GuardedTable.isGuardedTable);
  const lines = [`skewguard: ${tables.length} GuardedTable${tables.length === 1 ? '' : 's'}`];
  let errors = 0;
  let warnings = 0;
  for (const table of tables) {
    const design = table.design;
    const findings = table.findings;
    // Construct ids and attribute names are untrusted: escaped so they cannot drive the terminal.
    lines.push('', `${printable(table.node.path)} (${design.billing}, ${table.pageAlarms.length} page and ${table.ticketAlarms.length} ticket alarms)`);
    for (const space of keySpacesOf(design)) lines.push(`  ${printable(keys(space))}`);
    if (findings.length === 0) lines.push('  no findings');
    const fixes = fixesOnce(findings);
    findings.forEach((finding, i) => {
      if (!finding.acknowledged && finding.severity === 'error') errors++;
      else if (!finding.acknowledged) warnings++;
      lines.push(
        ...describeFinding(finding, { at: `${table.node.path} ${finding.path || '(root)'}`, fix: fixes[i] ?? finding.fix })
          .split('\n')
          .map((line) => `  ${line}`),
      );
    });
  }
  lines.push(
    '',
    `${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'} not acknowledged${errors > 0 ? ': the synth will be refused' : ''}`,
  );
  return lines.join('\n');
}
