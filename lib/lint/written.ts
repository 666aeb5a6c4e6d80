/**
 * What a key space is written at its peak: the one count of an index's writes that SG001 and SG003 (through the
 * analysis's loads, `SpaceAnalysis.total` and `hot`) and SG017 (with the copies it counts) share, so no two rules give
 * one index two write peaks.
 *
 * A GSI is written once for every base item written that carries its key, and twice for an update that changes its
 * key (AWS, "Provisioned throughput considerations for global secondary indexes": "If you write a new item to the
 * table that defines an indexed attribute ... one write is required to put the item into the index"; "If an update to
 * the table changes the value of an indexed key attribute (from A to B), two writes are required"). A key kept as N
 * replicated copies (key#0…key#N−1) stores each copy as an item of its own, carrying every other attribute and so
 * every index key: each copy's write is one more index write, N in all per declared write. An index whose key
 * attributes copy 0 alone carries (`copiesCarry: 'first'`) takes one write per declared write: DynamoDB writes an item
 * to an index only where the item has the index's key attributes (Developer Guide, "Take advantage of sparse indexes",
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/bp-indexes-general-sparse-indexes.html).
 *
 * The table itself is written at its declared peak and its local secondary indexes' writes beside it: AWS charges
 * an LSI's writes to the table's write capacity, and its entries live in the written item's partition, its item
 * collection (Developer Guide, "Local secondary indexes", Provisioned throughput considerations,
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/LSI.html), so the table's peak and its hottest key
 * value's both take them (`LocalSecondaryIndex.writesPerTableWrite` says how many per table write).
 */
import type { KeyDesign, KeySpace } from '../design/key-design';
import { profileOf, type Loads } from '../engines';

export interface Written {
  /** Write units per second the key space takes at its peak: `perCopy` × `copies`. */
  readonly units: number;
  /** Its writes for one copy of each base item: its declared write peak, or (a GSI that declares none) the table's,
   *  2× where an update changes its key (normalize-table.ts, `Workload.writeSource`). */
  readonly perCopy: number;
  /** Copies of every base item whose writes reach it (1: none). */
  readonly copies: number;
  /** The table's local secondary indexes' writes among `units`, charged to the table and its partitions: each write
   *  unit of every copy × the summed `writesPerTableWrite` of its LSIs; 0 for a GSI or a table without one. */
  readonly localIndexUnits: number;
  /** A GSI counted at 2× the table's writes because its key changes on updates: `units` if none did (the table's
   *  writes × `copies`); undefined for any other key space. */
  readonly once: number | undefined;
}

/**
 * The copies of every base item that write `space`: for a GSI, the replicated copies the table keeps of each item
 * (each carries the index key, unless copy 0 alone does: 1); for the table or container itself, 1, since its copies are its own stored keys,
 * which the sharding layout divides its load over (`storedKeyLoads`).
 */
export function baseItemCopies(design: KeyDesign, space: KeySpace): number {
  return space === design.primaryKey || !copiesWrite(space) ? 1 : declaredCopies(design);
}

/** Whether every replicated copy of an item writes `space`: not a GSI whose key attributes copy 0 alone carries. */
function copiesWrite(space: KeySpace): boolean {
  return space.copiesCarry !== 'first';
}

/** The replicated copies the design declares of every item: `replicated` sharding's N, else 1. */
export function declaredCopies(design: KeyDesign): number {
  const sharding = design.primaryKey.sharding;
  return sharding?.strategy === 'replicated' ? sharding.shards : 1;
}

/**
 * The container's storage in GB with `n` replicated copies of every document: `storage.totalGb` holds what the container
 * stores, the declared copies included (each copy is a document of its own), so one copy is totalGb ÷ the declared
 * copies. Undefined when no size is declared.
 */
export function storedGb(design: KeyDesign, n: number): number | undefined {
  return 'totalGb' in design && design.totalGb !== undefined ? (design.totalGb / declaredCopies(design)) * n : undefined;
}

/**
 * What `n` replicated copies of every document make of a container, the one count of what copies add that SG003's copy
 * sizing and the physical-partition helpers (physical-partition.ts) judge copies on: each copy is a document of its own,
 * stored and written with the others, so the container holds n × one copy's GB (`storedGb`: at least one physical
 * partition per 50 GB of it, its RU/s divided among them all) and takes n × one copy's writes, its reads as they are
 * (each read goes to one copy). `total`: one copy's peak (a container's declared workload, `SpaceAnalysis.total`).
 */
export function withCopies<D extends KeyDesign>(design: D, total: Loads, n: number): { readonly design: D; readonly total: Loads } {
  const gb = storedGb(design, n);
  const stored = gb === undefined || !('totalGb' in design) || gb === design.totalGb ? design : Object.assign({}, design, { totalGb: gb });
  return { design: stored, total: n === 1 ? total : { reads: total.reads, writes: total.writes * n } };
}

/**
 * The design SG007's fix leaves where it removes the declared copies (it removes the sharding and writes one copy's
 * `storage.totalGb`): what a check that judges the container as its plan keeps it (`carried`, physical-partition.ts)
 * judges where the plan keeps none.
 */
export function withoutCopies<D extends KeyDesign>(design: D): D {
  const one = withCopies(design, { reads: 0, writes: 0 }, 1).design;
  return Object.assign({}, one, { primaryKey: Object.assign({}, design.primaryKey, { sharding: undefined }) });
}

/** What `space` is written at its peak with `copiesOfTable` copies of every base item (by default, those it has): one
 *  copy's writes where copy 0 alone carries its key. */
export function writtenUnits(design: KeyDesign, space: KeySpace, copiesOfTable = baseItemCopies(design, space)): Written {
  const copies = copiesWrite(space) ? copiesOfTable : 1;
  const { workload } = space;
  const perCopy = workload.peakWriteUnits;
  const change = workload.writeSource === 'key-changes' ? workload.keyChange : undefined;
  const localIndexUnits = space === design.primaryKey ? perCopy * copies * localIndexWritesPerWrite(design) : 0;
  return { units: perCopy * copies + localIndexUnits, perCopy, copies, localIndexUnits, once: change && change.tableWriteUnits * copies };
}

/** The write units the table's LSIs take per write unit of the table (0 for a design without any). */
export function localIndexWritesPerWrite(design: KeyDesign): number {
  return profileOf(design.engine)
    .localIndexes(design)
    .reduce((sum, lsi) => sum + lsi.writesPerTableWrite, 0);
}
