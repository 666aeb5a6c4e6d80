/**
 * Sources given but empty or partial (incompleteObservations): each gap as data, an id with the file and the names
 * that say where, worded by a template of its own. A JSON report's reader gets the fields; the text its sentence.
 */
import { interpolate } from '../../internal';
import { METRIC_IDS } from './manifest';

export type Gap =
  /** A metrics export's query id observe does not read. */
  | { readonly gap: 'unknownQueryId'; readonly file: string; readonly queryId: string }
  /** A metrics series whose StatusCode is not Complete (PartialData: more pages to merge). */
  | { readonly gap: 'partialSeries'; readonly file: string; readonly queryId: string; readonly statusCode: string }
  /** A consumed-capacity series with no datapoints. */
  | { readonly gap: 'noDatapoints'; readonly file: string; readonly queryId: string; readonly metric: string }
  /** A Contributor Insights report aggregated by another statistic than Sum. */
  | { readonly gap: 'notSumAggregated'; readonly file: string; readonly statistic: string }
  /** A Contributor Insights report without a datapoint that has both Sum and MaxContributorValue. */
  | { readonly gap: 'noContributorStatistics'; readonly file: string }
  /** Cosmos DB: no CDBPartitionKeyRUConsumption rows for the container. */
  | { readonly gap: 'noRuRows'; readonly file: string }
  /** Cosmos DB: TotalRequests not split by StatusCode. */
  | { readonly gap: 'requestsNotByStatus'; readonly file: string }
  /** Cosmos DB: TotalRequests with no datapoints for the container. */
  | { readonly gap: 'noRequests'; readonly file: string }
  /** Cosmos DB: NormalizedRUConsumption with no datapoints for the container. */
  | { readonly gap: 'noNormalizedRu'; readonly file: string }
  /** Cosmos DB: a key logged more RU/s in one period than one logical partition can be served (derive-cosmos.ts). */
  | {
      readonly gap: 'keyAboveLogicalCeiling';
      readonly file: string;
      readonly key: string;
      readonly unitsPerSecond: string;
      readonly at: string;
      readonly ceiling: string;
    };

const GAP_MESSAGES: Readonly<Record<Gap['gap'], string>> = {
  unknownQueryId: `{{file}}: the query id "{{queryId}}" is not one observe reads (${Object.keys(METRIC_IDS).join(', ')}): its data is not used`,
  partialSeries: '{{file}}: "{{queryId}}" has StatusCode {{statusCode}}: not every datapoint of the window was returned (merge the NextToken pages)',
  noDatapoints: '{{file}}: "{{queryId}}" ({{metric}}) has no datapoints in the window',
  notSumAggregated:
    "{{file}}: the rule aggregates by {{statistic}}, not SUM: it is not DynamoDB's most accessed keys rule (PKC), whose values are consumed units",
  noContributorStatistics: '{{file}}: no datapoint has both Sum and MaxContributorValue: export with --metrics Sum MaxContributorValue UniqueContributors',
  noRuRows: '{{file}}: no CDBPartitionKeyRUConsumption rows for this container: diagnostics were just turned on, or nothing was logged in the window',
  requestsNotByStatus: `{{file}}: TotalRequests is not split by StatusCode (filter "StatusCode eq '*'"), so its 429s cannot be counted`,
  noRequests: '{{file}}: TotalRequests has no datapoints for this container',
  noNormalizedRu: '{{file}}: NormalizedRUConsumption has no datapoints for this container',
  keyAboveLogicalCeiling:
    "{{file}}: key {{key}} logged {{unitsPerSecond}} RU/s at {{at}}, more than the {{ceiling}} RU/s one logical partition can be served: no period can show that, so the rows are not one region's RequestCharge of that key in that period, and no peak, share or key count is read from them (none is judged or written). Export them again from one region (the table logs each region's: filter RegionName), without duplicate rows, and with periodSeconds the rows' own",
};

/** A gap as the report says it. */
export function gapText(gap: Gap): string {
  return interpolate(GAP_MESSAGES[gap.gap], gap);
}
