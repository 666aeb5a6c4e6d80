/**
 * cosmos18 item 3: what SG017 offers a container on shared database throughput besides the raise. A new container in
 * the same database shares the database's partitions ("Provision standard (manual) throughput on a database": containers
 * in the same database share partitions), so an evenly split start is a new database; and "a shared database container
 * cannot be converted to have a dedicated throughput. You will need to move the data to a container with the desired
 * throughput setting" ("Introduction to provisioned throughput"). Before: "or create a new container at 30,000 RU/s,
 * which Azure starts on 3 physical partitions", "or give the container dedicated throughput of at least 10,000 RU/s".
 */
import { lint, type CosmosContainerDesign } from '../../lib';

/** Orders at 8,000 RU/s on a database of 12,000 RU/s shared by 3 busy containers (4,000 each): 2 partitions of 6,000. */
const orders: CosmosContainerDesign = {
  engine: 'cosmosdb',
  name: 'orders',
  partitionKey: { paths: [{ path: '/orderId', cardinality: 'unique' }] },
  workload: { peakReadUnits: 6_000, peakWriteUnits: 2_000 },
  throughput: { sharedDatabase: 12_000, containers: 3 },
};

describe('SG017 on a shared database: the moves Azure allows', () => {
  const fix = () => lint(orders).find((f) => f.ruleId === 'SG017')?.fix ?? '';

  // 3 × 8,000 ÷ 0.8 = 30,000 RU/s would split the database's 2 partitions into 3, one unsplit holding 1/2 of the key
  // space: 24,000 ÷ 2 = 12,000 RU/s against 8,000 usable. Created at 30,000, a new database starts on 3 of 10,000.
  it("names the database's partitions and a new database, not a new container in this one", () => {
    expect(fix()).toContain("raised in place, the database's 2 physical partitions split into 4 of 7,525 RU/s, evenly");
    expect(fix()).toContain('raised in place to them, the database would split unevenly into 3 of 10,000 RU/s');
    expect(fix()).toContain(
      'or create a new database of 30,000 RU/s shared throughput (a new container in this database would share its 2 physical partitions, not start on its own), which Azure starts on 3 physical partitions of 10,000 RU/s, evenly split, and copy every document of its busy containers into containers there',
    );
    expect(fix()).not.toContain('or create a new container at');
  });

  // 8,000 ÷ 0.8 = 10,000 RU/s of dedicated manual throughput: a new container, the data copied into it.
  it('offers dedicated throughput as a new container the data moves to, not a conversion', () => {
    expect(fix()).toContain(
      "or move the container to a new one of dedicated throughput of at least 10,000 RU/s, in this database or another (Azure cannot convert a shared database's container to dedicated throughput: create the new one with it and copy the documents)",
    );
    expect(fix()).not.toContain('give the container dedicated throughput');
  });
});
