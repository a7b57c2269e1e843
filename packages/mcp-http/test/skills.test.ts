/** The Agent Skills over stateless HTTP: the SDK's skills client lists, reads and verifies them. */
import type { Client } from '@modelcontextprotocol/client';
import { SkillsClient } from '@modelcontextprotocol/client/ext/skills';
import { DEMO_API_KEY } from '@shiptrack/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectWithHeader, type Host, type ProtocolRevision, startHost } from './support/host.js';

describe.each<ProtocolRevision>(['2026-07-28', '2025-11-25'])(
  'Agent Skills over HTTP (%s)',
  (revision) => {
    let host: Host;
    let client: Client;

    beforeAll(async () => {
      host = await startHost();
      client = await connectWithHeader(host.url, `Token ${DEMO_API_KEY}`, revision);
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
  },
);
