/**
 * Path patterns of fault rules, stubs and journal queries: `*` matches
 * within one segment, `**` across segments (`/v2/containers/*`,
 * `/v2/**`); every other character stands for itself.
 */

/** The regular expression of a path pattern, anchored at both ends. */
export function pathGlobToRegExp(glob: string): RegExp {
  const source = glob
    .split('**')
    .map((part) =>
      part
        .split('*')
        .map((text) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('[^/]*'),
    )
    .join('.*');
  return new RegExp(`^${source}$`);
}
