/**
 * A minimal MCP Apps host for tests: a page that puts the view's HTML in a
 * sandboxed frame and speaks the host side of the extension's postMessage
 * protocol. `ui/initialize` is answered with the host context and
 * capabilities the test chose; after `ui/notifications/initialized` it
 * sends the tool input and the tool result; `tools/call` is passed to the
 * test (a real MCP client) through `window.callServerTool`. Every method
 * the view used is recorded in `window.viewMethods`.
 */

/** What the test host tells the view. */
export interface HostSetup {
  html: string;
  theme: 'light' | 'dark';
  toolArguments: Record<string, unknown>;
  toolResult: unknown;
}

const HOST_SCRIPT = `
window.viewMethods = [];
function start(setup) {
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', 'allow-scripts');
  frame.setAttribute('title', 'Container view');
  frame.srcdoc = setup.html;
  document.body.append(frame);
  const send = (message) => frame.contentWindow.postMessage(message, '*');
  window.setHostTheme = (theme) => send({ jsonrpc: '2.0', method: 'ui/notifications/host-context-changed', params: { theme } });
  window.addEventListener('message', async (event) => {
    if (event.source !== frame.contentWindow) return;
    const message = event.data;
    if (!message || message.jsonrpc !== '2.0' || typeof message.method !== 'string') return;
    window.viewMethods.push(message.method === 'tools/call' ? 'tools/call ' + message.params.name : message.method);
    if (message.method === 'ui/initialize') {
      send({ jsonrpc: '2.0', id: message.id, result: {
        protocolVersion: message.params.protocolVersion,
        hostInfo: { name: 'shiptrack-test-host', version: '1.0.0' },
        hostCapabilities: { serverTools: {} },
        hostContext: { theme: setup.theme, locale: 'en-GB', displayMode: 'inline', platform: 'web' },
      } });
    } else if (message.method === 'ui/notifications/initialized') {
      send({ jsonrpc: '2.0', method: 'ui/notifications/tool-input', params: { arguments: setup.toolArguments } });
      send({ jsonrpc: '2.0', method: 'ui/notifications/tool-result', params: setup.toolResult });
    } else if (message.method === 'ui/notifications/size-changed') {
      frame.style.height = Math.max(message.params.height || 0, 200) + 'px';
    } else if (message.method === 'tools/call') {
      const result = await window.callServerTool(message.params.name, message.params.arguments || {});
      send({ jsonrpc: '2.0', id: message.id, result });
    } else if ('id' in message) {
      send({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'not offered by the test host' } });
    }
  });
}
`;

/** The host page (the setup is passed to `start` once the page is loaded). */
export const HOST_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test host</title>
<style>body{margin:0;background:#888}iframe{border:0;width:100%;display:block;background:transparent}</style>
<script>${HOST_SCRIPT}</script></head><body></body></html>`;
