import type { EngineProfile } from '../engines';

/** What a fix's cache clauses read: the engine's cache, what it serves and what it takes (the profile's `cacheTerms`). */
export function cacheWordsOf(profile: EngineProfile): { cache: string; cacheServes: string; cacheNeeds: string; cacheInApp?: string } {
  const { serves, needs, inApplication } = profile.cacheTerms;
  return Object.assign({ cache: profile.cache, cacheServes: serves, cacheNeeds: needs }, inApplication === undefined ? {} : { cacheInApp: inApplication });
}
