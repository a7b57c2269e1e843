/**
 * The whole demo against a running stack: the SDK steps of `tour.ts`, then
 * the same container through MCP. Returns what each step found, for the
 * summary and the test.
 */
import { createClient } from '@shiptrack/sdk';
import { callToolOverMcp } from './mcp-call.js';
import type { DemoStack } from './stack.js';
import {
  type EventsSeen,
  type FormatsSeen,
  followJourney,
  type Journey,
  listEvents,
  readFormats,
  type TrackedNumber,
  trackWithWebhook,
} from './tour.js';
import { startWebhookReceiver } from './webhook-receiver.js';

/** Everything the demo found. */
export interface DemoReport {
  tracked: TrackedNumber;
  formats: FormatsSeen;
  journey: Journey;
  events: EventsSeen;
  /** The text `get_container` answered over MCP. */
  mcpText: string;
  /** The text `needs_attention` answered over MCP: the account, and what changed in the last day. */
  attentionText: string;
  /** How many signed deliveries the receiver verified. */
  webhooksVerified: number;
}

/** Runs every step against `stack`; `log` gets the narration, a heading per step. */
export async function runDemo(stack: DemoStack, log: (line: string) => void): Promise<DemoReport> {
  const client = createClient({ apiKey: stack.apiKey, baseUrl: stack.restUrl });
  const receiver = await startWebhookReceiver();
  const step = (title: string) => log(`\n== ${title}`);
  const indented = (line: string) => log(`   ${line}`);
  const context = { client, clock: stack.clock, receiver, log: indented };
  try {
    step('1. Infer and track a container number, with a webhook subscribed');
    const tracked = await trackWithWebhook(context);
    step('2. The container with its shipment: raw, mapped and both');
    const formats = await readFormats(context, tracked.containerId);
    step('3. Advance the mock clock: status changes and the last free day');
    const journey = await followJourney(context, tracked.containerId);
    step('4. Transport events');
    const events = await listEvents(context, tracked.containerId);
    step('5. The same container through MCP over HTTP (get_container)');
    const mcpText = await callToolOverMcp(stack.mcpUrl, stack.apiKey, 'get_container', {
      id: tracked.containerId,
      include: ['shipment'],
    });
    for (const line of mcpText.split('\n')) indented(line);
    step('6. What needs attention across the account, and what changed in a day (needs_attention)');
    const attentionText = await callToolOverMcp(stack.mcpUrl, stack.apiKey, 'needs_attention', {
      since_hours: 24,
    });
    for (const line of attentionText.split('\n')) indented(line);
    return {
      tracked,
      formats,
      journey,
      events,
      mcpText,
      attentionText,
      webhooksVerified: receiver.received.length,
    };
  } finally {
    await receiver.close();
  }
}
