import {
  type McpServer,
  ProtocolError,
  ProtocolErrorCode,
  ResourceNotFoundError,
  ResourceTemplate,
} from '@modelcontextprotocol/server';
import { completeContainer } from '../completions.js';
import { ACCOUNT_CACHE_HINT, RELEASE_CACHE_HINT } from '../core/cache-hints.js';
import type { HandlerContext } from '../core/context.js';
import { toToolError } from '../core/errors.js';
import { CONTAINER_URI_TEMPLATE, containerResourceUri, GLOSSARY_URI } from '../core/uri.js';
import { listContainers } from '../service/containers.js';
import { mappedContainers } from '../service/mirror-lists.js';
import { listSource } from '../service/mirror-source.js';
import { loadContainerReport } from './container-lookup.js';
import { containerMarkdown } from './container-markdown.js';
import { glossaryMarkdown } from './glossary.js';

/** Containers listed at most by `resources/list`. */
const LIST_LIMIT = 50;

/** The containers `resources/list` names: from the mirror when it can answer, else one REST page. */
async function listedContainers(context: HandlerContext) {
  const source = await listSource(context.mirror);
  if (source.from === 'mirror' && context.mirror) {
    const page = await context.mirror.mirror.containerPage({ limit: LIST_LIMIT });
    return mappedContainers(page.items, page.related);
  }
  return (await listContainers(context.client(), { page: 1, pageSize: LIST_LIMIT })).rows;
}

/**
 * Registers the container resource template (listable, with completion of
 * the id by container number) and the milestone glossary.
 */
export function registerResources(server: McpServer, context: HandlerContext): void {
  server.registerResource(
    'container',
    new ResourceTemplate(CONTAINER_URI_TEMPLATE, {
      list: async () => {
        try {
          const containers = await listedContainers(context);
          return {
            resources: containers.map((container) => ({
              uri: containerResourceUri(container.id),
              name: container.number ?? container.id,
              title: `Container ${container.number ?? container.id} (${container.status ?? 'status unknown'})`,
              mimeType: 'text/markdown',
            })),
          };
        } catch {
          return { resources: [] };
        }
      },
      complete: { id: completeContainer(context) },
    }),
    {
      title: 'Container',
      description:
        'A container as markdown: status, milestones, last free days, holds, fees and its latest events. The id may also be the container number.',
      mimeType: 'text/markdown',
      cacheHint: ACCOUNT_CACHE_HINT,
    },
    async (uri, variables) => {
      const raw = variables.id;
      const idOrNumber = decodeURIComponent(Array.isArray(raw) ? (raw[0] ?? '') : (raw ?? ''));
      try {
        const report = await loadContainerReport(context, idOrNumber);
        return {
          contents: [
            {
              uri: uri.href,
              mimeType: 'text/markdown',
              text: containerMarkdown(report.view, report.events),
            },
          ],
        };
      } catch (error) {
        const failure = toToolError(error, { kind: 'container', id: idOrNumber });
        if (failure.code === 'not_found')
          throw new ResourceNotFoundError(uri.href, failure.message);
        throw new ProtocolError(
          ProtocolErrorCode.InternalError,
          `${failure.code}: ${failure.message}`,
        );
      }
    },
  );
  server.registerResource(
    'milestone-glossary',
    GLOSSARY_URI,
    {
      title: 'Milestone glossary',
      description:
        'Every transport event name and current_status value, and the words of last free days, holds and fees, explained.',
      mimeType: 'text/markdown',
      cacheHint: RELEASE_CACHE_HINT,
    },
    async (uri) => ({
      contents: [{ uri: uri.href, mimeType: 'text/markdown', text: glossaryMarkdown() }],
    }),
  );
}
