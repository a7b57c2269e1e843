import type { GetPromptResult, McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';

/** Hours looked back by default: since yesterday morning. */
const DEFAULT_HOURS = 24;

/**
 * Registers `morning-review`: what changed since yesterday and what to act
 * on today, from one `needs_attention` call (the SDK's rules, as the CLI's
 * `attention` and `changes` give them).
 */
export function registerMorningReview(server: McpServer): void {
  server.registerPrompt(
    'morning-review',
    {
      title: 'Morning review',
      description: 'What changed on my shipments since yesterday, and what I must act on today.',
      argsSchema: z.object({
        since_hours: z
          .string()
          .regex(/^\d{1,3}$/, 'whole hours, e.g. "24"')
          .optional()
          .describe('Hours to look back, default 24'),
      }),
    },
    ({ since_hours }): GetPromptResult => {
      const hours = since_hours === undefined ? DEFAULT_HOURS : Math.max(1, Number(since_hours));
      return {
        description: `Morning review of the last ${hours} hour(s)`,
        messages: [
          {
            role: 'user',
            content: {
              type: 'text',
              text: [
                `Give me my morning review: what changed in the last ${hours} hour(s) and what needs action today.`,
                `1. needs_attention with since_hours ${hours}.`,
                '2. Act today: the critical items (storage charged, holds, a last free day today or tomorrow, failed tracking), each with its container or bill of lading, the reason and the local day with its place.',
                '3. Soon: the warnings (last free days this week, fees to pay, slipped ETAs, boxes not available, carriers silent).',
                '4. What changed: the changes by record, rolled vessels and ETA moves first; say plainly what REST could not tell (cannotTell) rather than guessing.',
                '5. If complete is false or items were omitted, say the list is partial.',
              ].join('\n'),
            },
          },
        ],
      };
    },
  );
}
