/**
 * pnpm's hooks for this workspace. beforePacking: the packed package.json
 * (`pnpm pack`, `pnpm publish`) leaves out the `shiptrack-source` export
 * condition, which points the workspace's tools at `src/`, a folder that is
 * not published. scripts/check-packed.ts checks the packed manifests.
 */

/** The exports map without the `shiptrack-source` condition, at any depth. */
function withoutSourceCondition(value) {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'shiptrack-source')
      .map(([key, inner]) => [key, withoutSourceCondition(inner)]),
  );
}

module.exports = {
  hooks: {
    beforePacking(pkg) {
      if (pkg.exports !== undefined) pkg.exports = withoutSourceCondition(pkg.exports);
      return pkg;
    },
  },
};
