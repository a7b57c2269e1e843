import {
  completable,
  type GetPromptResult,
  type McpServer,
  type PromptMessage,
} from '@modelcontextprotocol/server';
import * as z from 'zod';
import { completeCarrier, completeContainer } from '../completions.js';
import type { HandlerContext } from '../core/context.js';
import { toToolError } from '../core/errors.js';
import { containerResourceUri } from '../core/uri.js';
import { renderEtaHistory } from '../render/eta-history.js';
import { loadContainerReport } from '../resources/container-lookup.js';
import { containerMarkdown } from '../resources/container-markdown.js';
import { readEtaHistory } from '../service/mirror-container.js';
import { registerMorningReview } from './morning-review.js';

function say(text: string): PromptMessage {
  return { role: 'user', content: { type: 'text', text } };
}

/**
 * The container resource embedded in a prompt with its record id, or a
 * line saying why it could not be read and the value as given, `read`
 * false (the steps still tell the model what to call).
 */
async function embeddedContainer(
  context: HandlerContext,
  idOrNumber: string,
): Promise<{ message: PromptMessage; id: string; read: boolean }> {
  try {
    const report = await loadContainerReport(context, idOrNumber);
    return {
      id: report.view.id,
      read: true,
      message: {
        role: 'user',
        content: {
          type: 'resource',
          resource: {
            uri: containerResourceUri(report.view.id),
            mimeType: 'text/markdown',
            text: containerMarkdown(report.view, report.events),
          },
        },
      },
    };
  } catch (error) {
    const failure = toToolError(error, { kind: 'container', id: idOrNumber });
    return {
      id: idOrNumber,
      read: false,
      message: say(`(The container could not be loaded: ${failure.message})`),
    };
  }
}

function containerArgument(context: HandlerContext) {
  return z.object({
    container_id: completable(
      z.string().trim().min(1).describe('Container id (UUID), or its number, e.g. "MAEU4002159"'),
      completeContainer(context),
    ),
  });
}

/** The prompts, in `prompts/list` order. */
const PROMPTS = ['track-shipment', 'check-demurrage', 'analyze-delays', 'morning-review'] as const;

/** A prompt's name. */
type PromptName = (typeof PROMPTS)[number];

/** The tools each prompt tells the model to call: it is offered only where they all are. */
export const PROMPT_TOOLS: Readonly<Record<PromptName, readonly string[]>> = Object.freeze({
  'track-shipment': ['search_container', 'get_container', 'track_container'],
  'check-demurrage': ['get_container'],
  'analyze-delays': [
    'get_container_transport_events',
    'get_shipment_details',
    'get_container_route',
  ],
  'morning-review': ['needs_attention'],
});

/** The prompts a server that serves the tools `served` offers: those whose tools it all serves. */
export function offeredPrompts(served: ReadonlySet<string>): PromptName[] {
  return PROMPTS.filter((prompt) => PROMPT_TOOLS[prompt].every((tool) => served.has(tool)));
}

/**
 * Registers `track-shipment`, `check-demurrage`, `analyze-delays` and
 * `morning-review`, each when the server serves every tool it names (`served`).
 */
export function registerPrompts(
  server: McpServer,
  context: HandlerContext,
  served: ReadonlySet<string>,
): void {
  const offered = offeredPrompts(served);
  const offers = (prompt: PromptName) => offered.includes(prompt);
  if (offers('track-shipment')) registerTrackShipment(server, context);
  if (offers('check-demurrage')) registerCheckDemurrage(server, context);
  if (offers('analyze-delays')) registerAnalyzeDelays(server, context);
  if (offers('morning-review')) registerMorningReview(server);
}

function registerTrackShipment(server: McpServer, context: HandlerContext): void {
  server.registerPrompt(
    'track-shipment',
    {
      title: 'Track a shipment',
      description: 'Find or start tracking a container number and report where it is.',
      argsSchema: z.object({
        container_number: z.string().trim().min(4).describe('Container number, e.g. "MSCU1234566"'),
        // The SDK unwraps `.optional()` before looking for the completer, so it wraps the completable.
        carrier: completable(
          z.string().trim().describe('Carrier SCAC, e.g. "MSCU"'),
          completeCarrier(context),
        ).optional(),
      }),
    },
    ({ container_number, carrier }): GetPromptResult => ({
      description: `Track ${container_number}`,
      messages: [
        say(
          [
            `Track container ${container_number}${carrier ? ` with carrier ${carrier.toUpperCase()}` : ''} and tell me where it is.`,
            'Steps:',
            `1. search_container with query "${container_number}".`,
            '2. If a container is found: get_container with its id and include ["shipment"], then summarize status, ETA, last free day, holds and fees.',
            `3. If not: track_container with number "${container_number}"${carrier ? ` and scac "${carrier.toUpperCase()}"` : ''}. If it asks for a carrier, ask me; then say when to check back.`,
          ].join('\n'),
        ),
      ],
    }),
  );
}

function registerCheckDemurrage(server: McpServer, context: HandlerContext): void {
  server.registerPrompt(
    'check-demurrage',
    {
      title: 'Check demurrage risk',
      description:
        'Last free day, holds and fees of a container, and what to do before fees start.',
      argsSchema: containerArgument(context),
    },
    async ({ container_id }): Promise<GetPromptResult> => {
      const { message, id } = await embeddedContainer(context, container_id);
      return {
        description: `Demurrage check of ${container_id}`,
        messages: [
          message,
          say(
            [
              `Check the demurrage risk of container ${container_id} (data above).`,
              `1. get_container with id "${id}" and include ["shipment"] for fresh data.`,
              '2. If it has left the terminal (picked up or returned empty), say no demurrage accrues and stop.',
              '3. Otherwise report the last free day and the days left in the terminal time zone, every hold and who releases it, and fees per currency.',
              '4. Say what to do before the last free day; flag stale terminal data.',
            ].join('\n'),
          ),
        ],
      };
    },
  );
}

function registerAnalyzeDelays(server: McpServer, context: HandlerContext): void {
  server.registerPrompt(
    'analyze-delays',
    {
      title: 'Analyze delays',
      description: 'Compare estimates and actual times of a container and explain any delay.',
      argsSchema: containerArgument(context),
    },
    async ({ container_id }): Promise<GetPromptResult> => {
      const { message, id, read } = await embeddedContainer(context, container_id);
      // With a mirror, the ETA changes REST forgets come along (every change the service reported).
      const history = read ? await readEtaHistory(context.mirror, id) : null;
      return {
        description: `Delay analysis of ${container_id}`,
        messages: [
          message,
          ...(history ? [say(renderEtaHistory(history))] : []),
          say(
            [
              `Analyze delays of container ${container_id} (data above).`,
              `1. get_container_transport_events with id "${id}": milestones and estimated.* events.`,
              history
                ? '2. Use the ETA history above for how the estimates moved; get_shipment_details with the shipment id for the current ETA and the actual arrival.'
                : '2. get_shipment_details with the shipment id: compare the first ETA with the current ETA and the actual arrival.',
              `3. get_container_route with id "${id}" for transshipments (it may say routing is not enabled).`,
              '4. Explain where time was lost, by how much, and what it means for pickup.',
            ].join('\n'),
          ),
        ],
      };
    },
  );
}
