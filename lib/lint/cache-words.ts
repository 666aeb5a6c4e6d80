import type { EngineProfile } from '../engines';

/** What a fix's cache clauses read: the engine's cache, what it serves and what it takes (the profile's `cacheTerms`). */
export function cacheWordsOf(profile: EngineProfile): { cache: string; cacheServes: string; cacheNeeds: string } {
  return { cache: profile.cache, cacheServes: profile.cacheTerms.serves, cacheNeeds: profile.cacheTerms.needs };
}
