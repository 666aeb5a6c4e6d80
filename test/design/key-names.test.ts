import { looksLikeGeoCell, looksLikeTimeBucket, looksLikeTrendingCategory, looksMutable, nameWords } from '../../lib/design/key-names';

describe('nameWords', () => {
  it('splits at every run of other characters and where a capital follows a small letter or a digit, never inside a run of capitals', () => {
    const cases: [string, string[]][] = [
      ['eventDate', ['event', 'date']],
      ['created_at', ['created', 'at']],
      ['/yyyyMM', ['yyyy', 'mm']],
      ['HTTPServer', ['httpserver']],
      ['userID', ['user', 'id']],
      ['a1B', ['a1', 'b']],
      ['__x--Y', ['x', 'y']],
      ['caféDate', ['caf', 'date']],
      ['orderStatusShard', ['order', 'status', 'shard']],
      ['', []],
      ['#/-', []],
    ];
    expect(cases.map(([name]) => [name, nameWords(name)])).toEqual(cases);
  });

  it('feeds the name heuristics word by word', () => {
    expect([looksLikeTimeBucket('hourBucket'), looksLikeTimeBucket('candidate'), looksMutable('lastLogin'), looksMutable('lastName')]).toEqual([
      true,
      false,
      true,
      false,
    ]);
  });

  it('reads spans and sequences of time as time buckets, and ids and names of them as ids (review 20 item 2)', () => {
    const timeLike = ['period', 'billingPeriod', 'bucket', 'weekNo', 'dayNum', 'window', 'epoch', 'interval', 'season'];
    const notTime = [
      'bucketId',
      'bucketName',
      's3Bucket',
      'shardBucket',
      'periodId',
      'batchId',
      'batchNo',
      'batchNumber',
      'jobBatch',
      'orderNumber',
      'phoneNo',
      'slot',
      'cycle',
      'shift',
      'version',
    ];
    expect(timeLike.filter((name) => !looksLikeTimeBucket(name))).toEqual([]);
    expect(notTime.filter((name) => looksLikeTimeBucket(name))).toEqual([]);
    // A part named `bucket` beside others is the load bucket of a synthetic key (tenantId + bucket); `hourBucket` is still time.
    expect([looksLikeTimeBucket('bucket', true), looksLikeTimeBucket('hourBucket', true)]).toEqual([false, true]);
  });

  it('reads academic and fiscal spans as time buckets, whole words only: a term, not the terms accepted or a seasoning', () => {
    const timeLike = [
      'semester',
      'term',
      'trimester',
      'fy',
      'fiscalYear',
      'academicTerm',
      'semesterNo',
      'term_bucket',
      'reportFy',
      'quarter',
      'week',
      'season',
    ];
    const notTime = ['termsAccepted', 'terms', 'termId', 'terminal', 'midterm', 'seasoning', 'semesterId', 'cohort', 'signupCohort', 'shopify', 'fyId'];
    expect(timeLike.filter((name) => !looksLikeTimeBucket(name))).toEqual([]);
    expect(notTime.filter((name) => looksLikeTimeBucket(name))).toEqual([]);
  });

  // Review 32: a hashtag index's --fix pinned "the" trending hashtag in a list (sharding.hotValues: 1).
  it('reads hashtags, topics, tags and keywords, and their ids and names, as categories that trend', () => {
    const trending = [
      'hashtag',
      'hashTag',
      'hashtags',
      'tag',
      'topic',
      'trendingTopic',
      'trend',
      'searchKeyword',
      'keywords',
      'topicId',
      'tagName',
      'hashtagSlug',
    ];
    const notTrending = ['tagline', 'vintage', 'stage', 'category', 'productType', 'label', 'hashtagShard', 'id', 'name'];
    expect(trending.filter((name) => !looksLikeTrendingCategory(name))).toEqual([]);
    expect(notTrending.filter((name) => looksLikeTrendingCategory(name))).toEqual([]);
  });

  // Stranger 33a: driver positions keyed by geohash cell were fixed by sharding the downtown cell alone (hotValues: 1).
  it('reads geohashes, H3 and S2 cells, quadkeys and map tiles as geospatial cells; a bare cell or tile, and a zone, not', () => {
    const cells = [
      'geohash',
      'geohashCell',
      'geohash6',
      'geoHash',
      'driverGeohash',
      'h3Index',
      'H3Cell',
      's2CellId',
      'quadKey',
      'geoCell',
      'mapTile',
      'gridCellId',
      'spatialCell',
    ];
    const notCells = ['cellId', 'cell', 'tile', 'tileName', 'grid', 'zone', 'zoneId', 'availabilityZone', 'geography', 'geoRegion', 's3Key', 'hashtag', 'id'];
    expect(cells.filter((name) => !looksLikeGeoCell(name))).toEqual([]);
    expect(notCells.filter((name) => looksLikeGeoCell(name))).toEqual([]);
  });
});
