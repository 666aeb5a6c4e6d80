/**
 * The DynamoDB throughput quotas a design is checked against: the published defaults ("Quotas in Amazon DynamoDB",
 * throughput default quotas), or the raised figures the account was granted, declared once in the lint's `quotas`
 * option. Every rule and fix reads them here, so a declared raise moves every finding that weighs a quota together.
 */
import { differingFrom } from '../design/differing-from';
import { grouped } from '../design/grouped';
import { DYNAMODB_LIMITS } from './dynamodb-limits';

/** The account's DynamoDB throughput quotas in one Region, as Service Quotas granted them. */
export interface DynamoDbQuotas {
  /** Table-level read throughput: the read units one table, or any one of its GSIs, may provision (provisioned mode)
   *  or consume per second (on-demand). A quota can only be raised: a figure below the default is an error.
   *  @default 40000 */
  readonly tableReadUnits?: number;
  /** Table-level write throughput, as `tableReadUnits` for writes. @default 40000 */
  readonly tableWriteUnits?: number;
  /** Account-level read throughput: the read capacity all provisioned tables and GSIs of the account in the Region
   *  may provision together (so one table with its GSIs too). Provisioned mode only. @default 80000 */
  readonly accountReadUnits?: number;
  /** Account-level write throughput, as `accountReadUnits` for writes. @default 80000 */
  readonly accountWriteUnits?: number;
}

export type QuotaLevel = 'table-level' | 'account-level';
export type QuotaDimension = 'read' | 'write';

/** The quotas' option fields, by level and dimension. */
export const QUOTA_FIELDS: Readonly<Record<QuotaLevel, Readonly<Record<QuotaDimension, keyof DynamoDbQuotas>>>> = {
  'table-level': { read: 'tableReadUnits', write: 'tableWriteUnits' },
  'account-level': { read: 'accountReadUnits', write: 'accountWriteUnits' },
};

/** The published default of each quota field: the least a declared figure may be. */
export const DEFAULT_QUOTAS: Readonly<Required<DynamoDbQuotas>> = {
  tableReadUnits: DYNAMODB_LIMITS.tableThroughputQuota,
  tableWriteUnits: DYNAMODB_LIMITS.tableThroughputQuota,
  accountReadUnits: DYNAMODB_LIMITS.accountThroughputQuota,
  accountWriteUnits: DYNAMODB_LIMITS.accountThroughputQuota,
};

/**
 * The declared quotas above their published defaults, as every report names such a raise (a loosening: SG017's quota
 * findings and SG003's warm-throughput plans then pass up to the declared figure): `tableWriteUnits to 200,000 (AWS
 * default 40,000), …`. Undefined where none is raised.
 */
export function raisedQuotasText(quotas: DynamoDbQuotas): string | undefined {
  const raised = Object.entries(differingFrom(DEFAULT_QUOTAS, quotas)) as [keyof DynamoDbQuotas, number][];
  if (raised.length === 0) return undefined;
  return raised.map(([name, units]) => `${name} to ${grouped(units)} (AWS default ${grouped(DEFAULT_QUOTAS[name])})`).join(', ');
}

/**
 * What declaring raised quotas does, as a GuardedTable's synth warning and `skewguard lint cdk.out/` on its template say
 * it: `raises tableWriteUnits to 200,000 (AWS default 40,000): SG017's quota findings and SG003's warm-throughput plans
 * pass up to these figures, not the defaults. Declare only a raise Service Quotas granted the account in this Region`.
 * Undefined where none is raised.
 */
export function raisedQuotasNotice(quotas: DynamoDbQuotas): string | undefined {
  const raised = raisedQuotasText(quotas);
  if (raised === undefined) return undefined;
  return (
    `raises ${raised}: SG017's quota findings and SG003's warm-throughput plans pass up to these figures, not the defaults. ` +
    'Declare only a raise Service Quotas granted the account in this Region'
  );
}

/** A quota in force: its units per second, and the option field that declared it (absent for the default). */
export interface QuotaInForce {
  readonly units: number;
  /** `quotas.tableWriteUnits` where the figure was declared; undefined where it is the published default. */
  readonly field?: string;
}

/** The quota in force for `dimension` at `level` on a design with the `quotas` it was linted with. */
export function quotaInForce(design: { readonly quotas: DynamoDbQuotas }, level: QuotaLevel, dimension: QuotaDimension): QuotaInForce {
  const name = QUOTA_FIELDS[level][dimension];
  const declared = design.quotas[name];
  return declared === undefined ? { units: DEFAULT_QUOTAS[name] } : { units: declared, field: `quotas.${name}` };
}

/** The table-level quota in force, in units per second. */
export const tableQuota = (design: { readonly quotas: DynamoDbQuotas }, dimension: QuotaDimension): number =>
  quotaInForce(design, 'table-level', dimension).units;

/** A finding's data naming where a quota came from: `quotaField` where it was declared, nothing for the default. */
export const quotaFieldData = (quota: QuotaInForce): { quotaField?: string } => (quota.field === undefined ? {} : { quotaField: quota.field });
