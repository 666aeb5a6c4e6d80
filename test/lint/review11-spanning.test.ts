/**
 * Review 11 item 1: a hierarchical key's first-level value whose documents span many physical partitions was judged
 * as if the other first-level values' load sat on every one of them, and GuardedContainer refused a sound design. A
 * value holding 2,000 of a container's 4,000 GB fills 40 of its 80 physical partitions alone (one per 50 GB,
 * "Hierarchical partition keys"): it has their RU/s, and the neighbours to subtract are only those on the room its
 * documents leave at its edges (`firstLevelSpan`). The reviewer's designs are copied under review11/.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lint, normalize, type CosmosContainerDesign, type DesignInput } from '../../lib';
import type { CosmosKeyDesign } from '../../lib/design/key-design';
import { DesignAnalysis } from '../../lib/lint/analysis';
import { firstLevelSpan } from '../../lib/lint/physical-partition';
import { firstLevelJudged } from '../../lib/lint/prefix-ingestion';
import { hotValueReach } from '../../lib/lint/reachable';

const design = (file: string): DesignInput => JSON.parse(readFileSync(join(__dirname, 'review11', file), 'utf8')) as DesignInput;

/** The reviewer's container, with `change` made to it. */
function variant(file: string, change: (c: CosmosContainerDesign) => CosmosContainerDesign): DesignInput {
  const input = design(file) as { containers: CosmosContainerDesign[] };
  return { containers: [change(input.containers[0])] } as DesignInput;
}

/** The first level of the reviewer's key with `largestGb` (undefined: left undeclared) and `hotKeyShare`. */
const region = (c: CosmosContainerDesign, largestGb: number | undefined, hotKeyShare = 0.5): CosmosContainerDesign => {
  const [first, ...deeper] = c.partitionKey.paths;
  const { largestGb: _declared, ...rest } = first;
  return { ...c, partitionKey: { paths: [{ ...rest, hotKeyShare, ...(largestGb === undefined ? {} : { largestGb }) }, ...deeper] } };
};

const firstLevelOf = (input: DesignInput) => {
  const [{ design: normalized }] = normalize(input).designs;
  return firstLevelJudged(new DesignAnalysis(normalized).of(normalized.primaryKey));
};

describe('firstLevelSpan: the one model of a first-level value over the physical partitions its data spans', () => {
  it('under 50 GB: one partition, with the neighbours a flat key meets there', () => {
    expect(firstLevelSpan(30, 300, 24_000, 80)).toEqual({ spanned: 1, filledAlone: 0, neighbours: 300 });
  });

  it('2,000 GB: 40 partitions it fills alone, no neighbours', () => {
    expect(firstLevelSpan(2_000, 300, 24_000, 80)).toEqual({ spanned: 40, filledAlone: 40, neighbours: 0 });
  });

  it('2,020 GB: 41 partitions, the other values on the 0.6 of one its documents leave, at 24,000 ÷ 80 a partition', () => {
    const span = firstLevelSpan(2_020, 300, 24_000, 80);
    expect(span).toMatchObject({ spanned: 41, filledAlone: 40 });
    expect(span.neighbours).toBeCloseTo(180, 9);
  });
});

describe("the reviewer's profiles container (review 11 item 1)", () => {
  it('profiles-60k-half: 50% of the traffic on 40 of 80 partitions it fills alone, 600 RU/s each, the average: no finding', () => {
    expect(lint(design('profiles-60k-half.json'))).toEqual([]);
  });

  it("profiles-100k-largest: 21,600 RU/s on 36 partitions of 1,000 usable, growth 1,000 ÷ 600 = 1.67×, the container's own: no SG014", () => {
    const input = design('profiles-100k-largest.json');
    const first = firstLevelOf(input);
    expect(first).toMatchObject({ spanned: 36, gb: 1_800 });
    expect(first?.growth).toBeCloseTo(1_000 / 600, 9);
    expect(lint(input).filter((f) => f.ruleId === 'SG014' || f.ruleId === 'SG003')).toEqual([]);
  });

  it('profiles-flawed: no largestGb, so the 45% region is judged on one partition (verdicts 12), and passes once its 1,800 GB are declared', () => {
    // Review 11 inferred 4,000 GB × 45% = 1,800 GB: 36 partitions. A value singled out by its traffic may hold little
    // data, and a declared small size drew SG003 where the guess drew nothing: judged now where a value under 50 GB
    // stays, one partition of 750 RU/s, 600 usable less 26,400 ÷ 80 = 330 of its neighbours, against 21,600 RU/s.
    const input = design('profiles-flawed.json');
    expect(firstLevelOf(input)).toMatchObject({ spanned: 1, gb: 0 });
    const sg003 = lint(input).find((f) => f.ruleId === 'SG003');
    expect(sg003).toMatchObject({ messageId: 'prefixHot', data: { prefixLoad: 21_600, prefixUsable: 270, prefixNeighbours: 330 } });
    expect(sg003?.notes).toContain('prefixSizeUndeclared');
    const declared = variant('profiles-flawed.json', (c) => region(c, 1_800, 0.45));
    expect(firstLevelOf(declared)).toMatchObject({ spanned: 36, gb: 1_800 });
    expect(lint(declared).map((f) => f.ruleId)).toEqual(['SG012']);
    const [{ design: normalized }] = normalize(declared).designs;
    // The alert reach: 36 partitions of 750 RU/s, all its own.
    expect(hotValueReach(normalized as CosmosKeyDesign).prefix).toBe(27_000);
  });

  it('an undeclared size is said in the finding, with the field to declare', () => {
    // 60 GB in all: the region sits on one of 10 partitions of 6,000 RU/s, beside 26,400 ÷ 10 of the rest.
    const input = variant('profiles-flawed.json', (c) => ({ ...c, storage: { totalGb: 60 } }));
    const sg003 = lint(input).find((f) => f.ruleId === 'SG003');
    expect(sg003).toMatchObject({ messageId: 'prefixHot', data: { prefixNeighbours: 2_640 } });
    expect(sg003?.message).toContain('(judged as under 50 GB, `partitionKey.paths[0].largestGb` being undeclared: declare it if the value holds more)');
  });

  it('a first-level value under 50 GB on the same busy container keeps the neighbour subtraction: 300 RU/s of the 600 usable', () => {
    const input = variant('profiles-60k-half.json', (c) => region(c, 40));
    const sg003 = lint(input).find((f) => f.ruleId === 'SG003');
    expect(sg003).toMatchObject({ messageId: 'prefixHot', data: { prefixNeighbours: 300, prefixUsable: 300 } });
    expect(sg003?.message).toContain('less the 300 RU/s the other first-level values hashed there are expected to take');
  });

  it('a value hotter than its data: 24,000 RU/s on 21 partitions (1,020 GB), less 180 RU/s on the room at its edges', () => {
    const input = variant('profiles-60k-half.json', (c) => region(c, 1_020));
    const sg003 = lint(input).find((f) => f.ruleId === 'SG003');
    expect(sg003).toMatchObject({ messageId: 'prefixHotSpanning', data: { spanned: 21, prefixUsable: 12_420 } });
    expect(sg003?.data?.prefixNeighbours).toBeCloseTo(180, 9);
    expect(sg003?.notes).toContain('prefixSharedPartitions');
  });

  it('its share of the data with a partial partition at its edge still fits: 2,020 GB, 41 × 600 − 180 = 24,420 usable', () => {
    expect(lint(variant('profiles-60k-half.json', (c) => region(c, 2_020)))).toEqual([]);
  });
});
