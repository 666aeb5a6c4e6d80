/**
 * Globs for `skewguard lint 'designs/**\/*.json'` and the config's `designs`: `*` and `?` within a
 * path segment, `**` across segments, `{a,b}` alternatives and `[abc]` classes. Node 20 has no
 * fs.glob. picomatch 4 and tinyglobby 0.2 were measured as replacements: requiring picomatch alone
 * took longer than this file, json-locations.ts and json-edit.ts together (tinyglobby, which loads
 * picomatch and fdir, about 2.4×), for features a list of design files does not need (extglobs,
 * numeric ranges); the search itself stays in inputs.ts, which must report what it skips.
 */

export function isGlob(pattern: string): boolean {
  return /[*?[\]{}]/.test(pattern);
}

/** The leading segments without glob characters (`designs/prod` of `designs/prod/**\/*.json`), and the rest. */
export function splitGlob(pattern: string): { base: string; rest: string } {
  const segments = pattern.replace(/\\/g, '/').split('/');
  const first = segments.findIndex(isGlob);
  if (first < 0) return { base: segments.join('/'), rest: '' };
  return { base: segments.slice(0, first).join('/'), rest: segments.slice(first).join('/') };
}

/** A RegExp matching whole `/`-separated relative paths. */
export function globToRegExp(glob: string): RegExp {
  let source = '';
  let braces = 0;
  for (let i = 0; i < glob.length; i++) {
    const char = glob[i];
    if (char === '*' && glob[i + 1] === '*') {
      const atStart = i === 0 || glob[i - 1] === '/';
      const atEnd = i + 2 === glob.length || glob[i + 2] === '/';
      if (atStart && atEnd) {
        // `**/` matches zero or more whole directories; a final `**` anything below.
        source += i + 2 === glob.length ? '.*' : '(?:[^/]+/)*';
        i += i + 2 === glob.length ? 1 : 2;
        continue;
      }
    }
    if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else if (char === '{') {
      braces++;
      source += '(?:';
    } else if (char === '}' && braces > 0) {
      braces--;
      source += ')';
    } else if (char === ',' && braces > 0) source += '|';
    else if (char === '[') {
      const close = glob.indexOf(']', i + 2);
      if (close < 0) source += '\\[';
      else {
        const body = glob
          .slice(i + 1, close)
          .replace(/^!/, '^')
          .replace(/\\/g, '\\\\');
        source += `[${body}]`;
        i = close;
      }
    } else source += char.replace(/[.+^$()|\\\]{}]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

/**
 * Whether `matcher` (a glob's) matches the relative path `rel` itself or one of the directories above it: a glob that
 * names directories (`teams/*\/designs`) searches each, as a directory named on the command line is searched, and as
 * a shell's expansion of the same glob, unquoted, would pass them.
 */
export function globMatchesOrContains(matcher: RegExp, rel: string): { self: boolean; directory: boolean } {
  if (matcher.test(rel)) return { self: true, directory: false };
  for (let slash = rel.indexOf('/'); slash >= 0; slash = rel.indexOf('/', slash + 1)) {
    if (matcher.test(rel.slice(0, slash))) return { self: false, directory: true };
  }
  return { self: false, directory: false };
}

/**
 * Whether `glob` (the part after the search root) could match a path below the directory `dir` (relative, `/`-separated):
 * `**\/*.json` and `designs/*.json` could below `designs`, `*.json` could not. Used to name, among the symbolic links to
 * directories a glob's search does not follow, those that could hold what it asks for. Alternatives that hold a `/`
 * are not split by segment, so for them the answer is yes.
 */
export function globCouldMatchBelow(glob: string, dir: string): boolean {
  if (/\{[^}]*\//.test(glob)) return true;
  const patterns = glob.split('/');
  const segments = dir.split('/');
  for (let i = 0; i < segments.length; i++) {
    if (patterns[i] === '**') return true;
    if (i >= patterns.length - 1 || !globToRegExp(patterns[i]).test(segments[i])) return false;
  }
  return true;
}
