// @ts-check
/**
 * The API reference (`pnpm docs`, into docs/api): one module per public
 * entry point of the published packages (scripts/docs/entries). Fails on a
 * broken link and on a public export without a doc comment.
 */
import { OptionDefaults } from 'typedoc';

/** @type {Partial<import('typedoc').TypeDocOptions>} */
const config = {
  name: 'shiptrack',
  entryPoints: ['scripts/docs/entries/*.ts'],
  tsconfig: 'tsconfig.docs.json',
  out: 'docs/api',
  readme: 'none',
  excludePrivate: true,
  excludeInternal: true,
  disableGit: true,
  sourceLinkTemplate: '../../{path}#L{line}',
  // openapi-typescript writes these in the SDK's generated types.
  blockTags: [...OptionDefaults.blockTags, '@description', '@constant'],
  validation: {
    notExported: true,
    invalidLink: true,
    invalidPath: true,
    rewrittenLink: true,
    notDocumented: true,
  },
  // Public exports: what a user imports by name.
  requiredToBeDocumented: ['Enum', 'Variable', 'Function', 'Class', 'Interface', 'TypeAlias'],
  treatWarningsAsErrors: true,
};

export default config;
