/**
 * The package's Agent Skills: each names only tools and prompts the server
 * has, and the list a client sees stays small.
 */
import { SkillsClient } from '@modelcontextprotocol/client/ext/skills';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPackagedSkills } from '../src/skills.js';
import { type Connection, connect, startMockService } from './harness.js';

/** The token-economy measure: 4 characters of compact JSON a token. */
const tokens = (value: unknown) => Math.ceil(JSON.stringify(value).length / 4);

/** `snake_case` names in backticks: tools, or arguments of tools. */
const SNAKE_NAME = /`([a-z][a-z0-9]*(?:_[a-z0-9]+)+)`/g;
/** Prompts are written as "the `name` prompt". */
const PROMPT_NAME = /`([a-z][a-z0-9]*(?:-[a-z0-9]+)+)` prompt/g;

const service = startMockService();
let connection: Connection;

beforeAll(async () => {
  connection = await connect({ client: service.client() });
});
afterAll(async () => {
  await connection.close();
  service.mock.dispose();
});

describe('Agent Skills', () => {
  it('names only tools, tool arguments and prompts that the server lists', async () => {
    const { tools } = await connection.client.listTools();
    const { prompts } = await connection.client.listPrompts();
    const toolNames = new Set(tools.map((tool) => tool.name));
    const argumentNames = new Set(
      tools.flatMap((tool) => Object.keys(tool.inputSchema.properties ?? {})),
    );
    const promptNames = new Set(prompts.map((prompt) => prompt.name));
    const skills = await readPackagedSkills();
    expect(skills.map((skill) => skill.entry.frontmatter.name)).toEqual([
      'demurrage-triage',
      'explaining-a-delay',
      'tracking-a-shipment',
      'webhooks-and-mirror-setup',
    ]);
    for (const skill of skills) {
      const text = [...skill.files.values()].join('\n');
      const named = [...text.matchAll(SNAKE_NAME)].map((match) => match[1] ?? '');
      const unknown = named.filter((name) => !toolNames.has(name) && !argumentNames.has(name));
      expect(unknown, skill.entry.uri).toEqual([]);
      expect(
        named.some((name) => toolNames.has(name)),
        skill.entry.uri,
      ).toBe(true);
      const promptsNamed = [...text.matchAll(PROMPT_NAME)].map((match) => match[1] ?? '');
      expect(
        promptsNamed.filter((name) => !promptNames.has(name)),
        skill.entry.uri,
      ).toEqual([]);
    }
  });

  // The SDK's skills client finds the extension where 2026-07-28 declares it (`extensions`).
  it('lists the skills in few tokens and serves each SKILL.md verified', async () => {
    const modern = await connect({ client: service.client() }, { revision: '2026-07-28' });
    try {
      const skills = new SkillsClient(modern.client);
      expect(skills.supported).toBe(true);
      const listing = await skills.list();
      const used = tokens(listing.skills);
      console.info(`skills/list: ${used} tokens for ${listing.skills.length} skills`);
      expect(used).toBeLessThanOrEqual(600);
      for (const skill of listing.skills) {
        const file = await skills.read(skill);
        expect(file.verified).toBe(true);
        expect(file.body).toContain('# ');
      }
    } finally {
      await modern.close();
    }
  });
});
