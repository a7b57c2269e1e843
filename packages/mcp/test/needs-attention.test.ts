/**
 * `needs_attention` from REST through a real MCP client: the demo account
 * at start (what a person reads off the demo data), with progress to a
 * client that asks; with `since_hours`, what changed in the day after the
 * mock's clock moved a day; `list_containers_at_risk`, folded into it,
 * unlisted but still answering.
 */
import type { Progress } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connection, connect, MOCK_START, startMockService } from './harness.js';
import { outputValidators, textOf } from './schema-check.js';

const service = startMockService();
let connection: Connection;
let check: (tool: string, result: unknown) => void;

interface Item {
  kind: string;
  severity: string;
  reason: string;
  subject: { number?: string };
  evidence: { field: string; time?: { utc: string; localDate: string; timeZone: string } }[];
}

interface Answer {
  items: Item[];
  omitted: number;
  complete: boolean;
  changes?: {
    since: string;
    groups: { number?: string; changes: { kind: string; to: unknown; changedAt: string }[] }[];
    cannotTell: { field: string }[];
  };
}

async function needsAttention(
  args: Record<string, unknown> = {},
  onprogress?: (progress: Progress) => void,
): Promise<{ answer: Answer; text: string }> {
  const result = await connection.client.callTool(
    { name: 'needs_attention', arguments: args },
    onprogress ? { onprogress } : {},
  );
  check('needs_attention', result);
  return { answer: result.structuredContent as Answer, text: textOf(result) };
}

beforeAll(async () => {
  connection = await connect({
    client: service.client(),
    now: () => new Date(service.mock.clock.now()),
  });
  check = await outputValidators(connection.client);
});
afterAll(async () => {
  await connection.close();
  service.mock.dispose();
});

describe('needs_attention', () => {
  it('lists the demo account at start, most urgent first, with its evidence and progress', async () => {
    const steps: Progress[] = [];
    const { answer, text } = await needsAttention({}, (progress) => steps.push(progress));
    expect(answer.items.map((item) => [item.kind, item.subject.number, item.severity])).toEqual([
      ['hold', 'MAEU4002159', 'critical'],
      ['hold', 'MAEU9890495', 'critical'],
      ['tracking_failed', 'TGHU8812349', 'critical'],
      ['fees_due', 'MAEU4002159', 'warning'],
      ['fees_due', 'MAEU9890495', 'warning'],
      ['eta_slipped', 'MEDUQ4821563', 'warning'],
    ]);
    expect(answer).toMatchObject({ omitted: 0, complete: true });
    const slipped = answer.items.find((item) => item.kind === 'eta_slipped');
    expect(slipped?.evidence[0]).toMatchObject({
      field: 'pod_eta_at',
      time: {
        utc: '2025-03-09T00:00:00.000Z',
        localDate: '2025-03-08',
        timeZone: 'America/New_York',
      },
    });
    expect(text.split('\n')[0]).toBe('6 item(s) need attention, most urgent first.');
    expect(text).toContain('- tracking_failed TGHU8812349 (critical): ');
    expect(steps.map((step) => step.message)).toEqual([
      'needs_attention: 9 containers read',
      'needs_attention: 1 failed tracking requests read',
    ]);
    expect(answer.changes).toBeUndefined();
  });

  it('counts last free days within days: four days off at start, listed with days 4', async () => {
    const { answer } = await needsAttention({ days: 4 });
    const soon = answer.items.filter((item) => item.kind === 'last_free_day_soon');
    expect(soon.map((item) => item.subject.number)).toEqual(['MAEU4002159', 'MAEU9890495']);
  });

  it('with since_hours, adds what changed in the day after the clock moved a day', async () => {
    await service.mock.advance(86_400);
    const { answer, text } = await needsAttention({ since_hours: 24 });
    expect(answer.changes?.since).toBe('2025-03-01T00:00:00.000Z');
    const rolled = answer.changes?.groups.find((group) => group.number === 'MSCU911025581');
    expect(rolled?.changes[0]).toMatchObject({
      kind: 'vessel_changed',
      to: 'HMM ALGECIRAS',
      changedAt: '2025-03-01T12:01:00.000Z',
    });
    for (const group of answer.changes?.groups ?? []) {
      for (const change of group.changes) {
        expect(Date.parse(change.changedAt)).toBeGreaterThan(Date.parse(MOCK_START));
      }
    }
    expect(answer.changes?.cannotTell.map((note) => note.field)).toContain('holds_at_pod_terminal');
    expect(text).toContain('Changed since 2025-03-01T00:00:00.000Z (from REST):');
  });

  it('refuses since_hours below one hour, saying so', async () => {
    const result = await connection.client.callTool({
      name: 'needs_attention',
      arguments: { since_hours: 0 },
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/since_hours/);
  });
});

/** The text of a prompt's first message. */
function promptText(prompt: { messages: { content: { type: string; text?: string } }[] }): string {
  const content = prompt.messages[0]?.content;
  return content?.type === 'text' ? (content.text ?? '') : '';
}

describe('morning-review', () => {
  it('asks for needs_attention over the hours given (24 by default), critical items first', async () => {
    const byDefault = await connection.client.getPrompt({ name: 'morning-review', arguments: {} });
    const text = promptText(byDefault);
    expect(text).toContain('1. needs_attention with since_hours 24.');
    expect(text).toMatch(/2\. Act today: the critical items/);
    const twoDays = await connection.client.getPrompt({
      name: 'morning-review',
      arguments: { since_hours: '48' },
    });
    expect(promptText(twoDays)).toContain('needs_attention with since_hours 48.');
    await expect(
      connection.client.getPrompt({ name: 'morning-review', arguments: { since_hours: 'a day' } }),
    ).rejects.toThrow(/whole hours/);
  });
});

describe('list_containers_at_risk, folded into needs_attention', () => {
  it('is not listed, and still answers for this release', async () => {
    const { tools } = await connection.client.listTools();
    expect(tools.map((tool) => tool.name)).not.toContain('list_containers_at_risk');
    const result = await connection.client.callTool({
      name: 'list_containers_at_risk',
      arguments: {},
    });
    check('list_containers_at_risk', result);
    const rows = (result.structuredContent as { containers: { number: string }[] }).containers;
    expect(rows.length).toBeGreaterThan(0);
  });
});
