/** Every `ts` snippet of README.md, type-checked as a strict user project would compile it, and run. */
import { beforeAll } from 'vitest';
import { describeReadmeSnippets, packageReadme } from '../../../test-support/readme-snippets.js';

const readme = packageReadme(import.meta.url, { '@shiptrack/ops': 'src/index.ts' });
beforeAll(() => readme.reset());
describeReadmeSnippets(readme, { atLeast: 1 });
