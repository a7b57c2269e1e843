/**
 * The Agent Skills over stateless HTTP: the SDK's skills client lists, reads
 * and verifies them (2026-07-28, where `extensions` declares them); a
 * 2025-11-25 client finds the extension under `experimental`, the place
 * that revision has for it, and the same methods.
 */
import type { Client } from '@modelcontextprotocol/client';
import { SkillsClient } from '@modelcontextprotocol/client/ext/skills';
import { DEMO_API_KEY } from '@shiptrack/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectWithHeader, type Host, postRpc, startHost } from './support/host.js';

describe('Agent Skills over HTTP', () => {
  let host: Host;
  let client: Client;

  beforeAll(async () => {
    host = await startHost();
    client = await connectWithHeader(host.url, `Token ${DEMO_API_KEY}`, '2026-07-28');
  });
  afterAll(async () => {
    await client?.close();
    await host?.close();
  });

  it('lists the skills and reads one with its reference file, each verified against its digest', async () => {
    const skills = new SkillsClient(client);
    expect(skills.supported).toBe(true);
    const { skills: listed } = await skills.list();
    expect(listed.map((skill) => skill.frontmatter.name)).toContain('webhooks-and-mirror-setup');
    const setup = listed.find((skill) => skill.frontmatter.name === 'webhooks-and-mirror-setup');
    if (!setup) throw new Error('no webhooks-and-mirror-setup skill');
    const manifest = await skills.read(setup);
    expect(manifest.verified).toBe(true);
    expect(manifest.body).toContain('shiptrack-mirror serve');
    const reference = await skills.read(setup, 'references/checklist.md');
    expect(reference.verified).toBe(true);
    expect(reference.text).toContain('SVC_MIRROR_WEBHOOK_SECRET');
  });

  it('declares them to a 2025-11-25 client under experimental, and serves skills/list to it', async () => {
    const legacy = await connectWithHeader(host.url, `Token ${DEMO_API_KEY}`, '2025-11-25');
    try {
      const capabilities = legacy.getServerCapabilities();
      expect(capabilities?.experimental).toEqual({ 'io.modelcontextprotocol/skills': {} });
      expect(capabilities).not.toHaveProperty('extensions');
    } finally {
      await legacy.close();
    }
    const answer = await postRpc(
      host.url,
      { jsonrpc: '2.0', id: 7, method: 'skills/list', params: {} },
      { authorization: `Token ${DEMO_API_KEY}` },
    );
    const body = await answer.text();
    const message = body
      .split('\n')
      .filter((line) => line.startsWith('data: {'))
      .map((line) => JSON.parse(line.slice('data: '.length)))
      .find((parsed) => parsed.id === 7);
    expect(
      message?.result?.skills?.map((skill: { uri: string }) => skill.uri),
      body,
    ).toContain('skill://webhooks-and-mirror-setup/SKILL.md');
  });
});
