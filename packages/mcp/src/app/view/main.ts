/**
 * The container view's entry: connects to the host, shows the tool result
 * it is given, then completes the picture through the host with the
 * server's read-only tools (the container, its events and route, its
 * shipment). Nothing here can write: only those tools are ever called.
 */
import type { McpUiHostContext } from '@modelcontextprotocol/ext-apps';
import { HostBridge } from './bridge.js';
import { isContainerResult, isEventsResult } from './model.js';
import { asObject, field, type Json, textField } from './read.js';
import { render, type ViewState } from './render.js';

const root = document.getElementById('app') ?? document.body;
const bridge = new HostBridge(window.parent);
let containerId: string | null = null;
const state: ViewState = {
  canCallTools: false,
  busy: false,
  error: null,
  updatedAt: null,
  shipmentOpen: false,
  now: () => new Date(),
};

function show(): void {
  render(root, state, { refresh: () => void load(), openShipment: (id) => void openShipment(id) });
}

/** Light or dark and the host's style variables; without a host theme, the system's. */
function applyHostContext(context: McpUiHostContext): void {
  const rootStyle = document.documentElement;
  if (context.theme === 'light' || context.theme === 'dark') {
    rootStyle.dataset.theme = context.theme;
    rootStyle.style.colorScheme = context.theme;
  }
  for (const [name, value] of Object.entries(context.styles?.variables ?? {})) {
    if (typeof value === 'string' && name.startsWith('--'))
      rootStyle.style.setProperty(name, value);
  }
  if (typeof context.locale === 'string') state.locale = context.locale;
}

/** The structured content of a tool result, or the text of its error. */
function structuredOf(result: Json): { structured?: Json; error?: string } {
  if (result.isError === true) {
    const content = Array.isArray(result.content) ? result.content : [];
    const text = content
      .map((block) => textField(asObject(block), 'text'))
      .filter(Boolean)
      .join(' ');
    return { error: text || 'The tool answered with an error.' };
  }
  return { structured: asObject(result.structuredContent) };
}

/** Keeps a tool result where it belongs in the state. */
function take(result: Json): void {
  const { structured, error } = structuredOf(result);
  if (error) {
    state.error = error;
    return;
  }
  if (isContainerResult(structured)) {
    state.container = structured;
    containerId = textField(structured, 'id') ?? containerId;
  } else if (isEventsResult(structured)) {
    state.events = structured;
  } else if (field(structured, ['stops'], 0) !== undefined) {
    state.route = structured;
  } else if (field(structured, ['billOfLading'], 0) !== undefined) {
    state.shipment = structured;
  }
}

async function call(name: string, args: Json): Promise<void> {
  try {
    take(await bridge.callTool(name, args));
  } catch (error) {
    state.error = `${name}: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** Reads the container, its events and route, then its shipment, through the host. */
async function load(): Promise<void> {
  if (!containerId || !state.canCallTools || state.busy) return;
  const id = containerId;
  state.busy = true;
  state.error = null;
  show();
  await Promise.all([
    call('get_container', { id, include: ['shipment'] }),
    call('get_container_transport_events', { id }),
    call('get_container_route', { id }),
  ]);
  const shipmentId = textField(asObject(field(state.container, ['shipment'], 0)), 'id');
  if (shipmentId) await call('get_shipment_details', { id: shipmentId });
  state.busy = false;
  state.updatedAt = new Date();
  show();
}

async function openShipment(id: string): Promise<void> {
  state.busy = true;
  show();
  await call('get_shipment_details', { id });
  state.shipmentOpen = true;
  state.busy = false;
  show();
  document.getElementById('shipment-heading')?.scrollIntoView({ block: 'nearest' });
}

bridge.on('ui/notifications/tool-input', (params) => {
  containerId = textField(asObject(params.arguments), 'id') ?? containerId;
});
bridge.on('ui/notifications/tool-result', (params) => {
  take(params);
  state.updatedAt = new Date();
  show();
  void load();
});
bridge.on('ui/notifications/host-context-changed', (params) => {
  applyHostContext(params as McpUiHostContext);
  show();
});

function reportSize(): void {
  const { width, height } = document.documentElement.getBoundingClientRect();
  bridge.notify('ui/notifications/size-changed', {
    width: Math.ceil(width),
    height: Math.ceil(height),
  });
}

show();
bridge
  .initialize('shiptrack-container-view', '1.0.0')
  .then(({ context, capabilities }) => {
    applyHostContext(context);
    state.canCallTools = capabilities.serverTools !== undefined;
    show();
    new ResizeObserver(reportSize).observe(document.documentElement);
    void load();
  })
  .catch((error: unknown) => {
    state.error = `The host did not connect: ${error instanceof Error ? error.message : String(error)}`;
    show();
  });
