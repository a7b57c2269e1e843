/**
 * The README as a test: its TypeScript snippet exists (`pnpm typecheck`
 * compiles it), its client configurations are valid JSON, and
 * it documents every tool, prompt and resource the server offers.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageReadme } from '../../../test-support/readme-snippets.js';
import { type Connection, connect, startMockService } from './harness.js';

const readme = packageReadme(import.meta.url, {
  '@shiptrack/mcp': 'src/index.ts',
  '@shiptrack/sdk': '../sdk/src/index.ts',
});
const text = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const service = startMockService();
let connection: Connection;

beforeAll(async () => {
  readme.reset();
  connection = await connect({ client: service.client() });
});
afterAll(async () => {
  await connection.close();
  service.mock.dispose();
});

describe('README', () => {
  it('has a snippet (pnpm typecheck compiles it)', () => {
    expect(readme.blocks.length).toBeGreaterThanOrEqual(1);
  });

  it('gives client configurations that are valid JSON', () => {
    const blocks = [...text.matchAll(/```json\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
    expect(blocks.length).toBeGreaterThanOrEqual(2);
    for (const block of blocks) expect(() => JSON.parse(block)).not.toThrow();
  });

  it('documents every tool with an example, every prompt and every resource', async () => {
    for (const tool of (await connection.client.listTools()).tools)
      expect(text).toContain(`\`${tool.name}\``);
    for (const prompt of (await connection.client.listPrompts()).prompts)
      expect(text).toContain(`\`${prompt.name}\``);
    for (const template of (await connection.client.listResourceTemplates()).resourceTemplates) {
      expect(text).toContain(template.uriTemplate);
    }
    expect(text).toContain('service://docs/milestone-glossary');
  });
});
