import { keySpacesOf } from '../../design/key-design';
import { code } from '../format';
import type { Rule, RuleHit } from '../rule';

const DYNAMODB_FIX = 'enable Contributor Insights (≈ $0.02 per million events; a table or GSI with a sort key uses 4 of the 100 rules per account and Region)';
const COSMOS_FIX = 'enable partition-key diagnostics (PartitionKeyStatistics and PartitionKeyRUConsumption to a Log Analytics workspace, Dedicated tables)';

export const monitoringOff: Rule = {
  id: 'SG010',
  title: 'monitoring-off',
  severity: 'error',
  engines: ['dynamodb', 'cosmosdb'],
  fires: 'Contributor Insights (DynamoDB table or any GSI) or partition-key diagnostics (Cosmos DB) are disabled.',
  rationale: 'Without per-key statistics nobody can see which key is hot: skew builds up silently for months and the first signal is customers\' errors. DynamoDB Contributor Insights lists the most accessed and most throttled keys; Cosmos DB needs the PartitionKeyStatistics and PartitionKeyRUConsumption diagnostic logs. Sources: DynamoDB Developer Guide "Contributor Insights"; Azure Cosmos DB "Monitor with diagnostic settings"; seed article 000.',
  fix: 'Enable them: Contributor Insights costs about $0.02 per million events.',
  checkDesign(design) {
    // GSIs inherit the table's switch: report each switch once, naming every key space it turns off.
    const off = keySpacesOf(design).filter((space) => !space.keyMonitoring);
    return [...new Set(off.map((space) => space.keyMonitoringPath))].map((path): RuleHit => {
      const spaces = off.filter((space) => space.keyMonitoringPath === path);
      if (design.engine === 'cosmosdb') {
        return { path, message: 'partition-key diagnostics are off: no one can see which logical partitions are hot or growing toward 20 GB', fix: COSMOS_FIX };
      }
      const names = spaces.map((space) => (space.index === undefined ? 'the table' : `index ${code(space.index)}`));
      return {
        path,
        index: spaces.length === 1 ? spaces[0].index : undefined,
        message: `Contributor Insights is off for ${names.join(', ')}: no one can see which partition keys are hot or throttled`,
        fix: DYNAMODB_FIX,
      };
    });
  },
  checkExternal(resource) {
    if (resource.keyMonitoring !== false) return [];
    const what = resource.engine === 'dynamodb' ? 'Contributor Insights' : 'partition-key diagnostics';
    return [{ path: 'keyMonitoring', message: `${what} is off for ${code(resource.name)}: no one can see which keys are hot`, fix: resource.engine === 'dynamodb' ? DYNAMODB_FIX : COSMOS_FIX }];
  },
};
