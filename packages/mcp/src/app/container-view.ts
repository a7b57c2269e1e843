/**
 * The container view: an MCP App (the `io.modelcontextprotocol/ui`
 * extension) that shows a container's journey, last free day, holds and
 * fees as a picture in clients that render `ui://` resources. Tools link it
 * through their `_meta`; clients without the extension ignore the link and
 * get the same results as before.
 */

import { RESOURCE_MIME_TYPE, RESOURCE_URI_META_KEY } from '@modelcontextprotocol/ext-apps/server';
import type { McpServer } from '@modelcontextprotocol/server';
import { RELEASE_CACHE_HINT } from '../core/cache-hints.js';
import { loadContainerViewHtml } from './view-html.js';

/** The URI of the container view's HTML resource. */
export const CONTAINER_VIEW_URI = 'ui://shiptrack/container-view.html';

/**
 * The `_meta` of a tool whose result the container view shows: the current
 * `ui.resourceUri` and the older flat key, as `registerAppTool` writes them
 * (hosts of either revision find the view).
 */
export const CONTAINER_VIEW_TOOL_META: Readonly<Record<string, unknown>> = Object.freeze({
  ui: { resourceUri: CONTAINER_VIEW_URI },
  [RESOURCE_URI_META_KEY]: CONTAINER_VIEW_URI,
});

/**
 * What the host is told about the view's sandbox: no origin may be reached
 * (no connections, images, fonts or frames from anywhere); the view is one
 * self-contained document and asks for no permission.
 */
const VIEW_RESOURCE_META = {
  ui: {
    csp: { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] },
    prefersBorder: true,
  },
};

/**
 * Registers the container view's `ui://` resource, as `registerAppResource`
 * of the Apps extension does (its MIME type), with the release's cache
 * hint: the view is one file of the package. Its HTML is loaded on the
 * first `resources/read` only, so starting the server never reads it.
 */
export function registerContainerView(server: McpServer): void {
  server.registerResource(
    'container-view',
    CONTAINER_VIEW_URI,
    {
      title: 'Container journey view',
      description:
        'An interactive view of a container for MCP Apps hosts: journey timeline and route, last free day countdown, holds, fees and availability.',
      mimeType: RESOURCE_MIME_TYPE,
      _meta: VIEW_RESOURCE_META,
      cacheHint: RELEASE_CACHE_HINT,
    },
    async () => ({
      contents: [
        {
          uri: CONTAINER_VIEW_URI,
          mimeType: RESOURCE_MIME_TYPE,
          text: await loadContainerViewHtml(),
          _meta: VIEW_RESOURCE_META,
        },
      ],
    }),
  );
}
