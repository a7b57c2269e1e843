/**
 * The container view in a real headless Chromium (Debian's `chromium`,
 * driven by playwright-core), hosted by a minimal MCP Apps host page, fed
 * real tool results from the mock through a real MCP client. One browser
 * for every case. Skips, with the advice, where Chromium is missing.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXTENSION_ID, RESOURCE_MIME_TYPE } from '@modelcontextprotocol/ext-apps/server';
import { DEMO_API_KEY } from '@shiptrack/mock-server';
import axe from 'axe-core';
import { type BrowserContext, chromium, type Frame, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTAINER_VIEW_URI } from '../src/app/container-view.js';
import { HOST_PAGE, type HostSetup } from './apps-host/host-page.js';
import { type Connection, connect, startMockService } from './harness.js';

const CHROMIUM = process.env.SHIPTRACK_CHROMIUM ?? '/usr/bin/chromium';
const HAVE_CHROMIUM = existsSync(CHROMIUM);
if (!HAVE_CHROMIUM) {
  console.warn(
    `Skipping the container view browser test: no Chromium at ${CHROMIUM}. Install it with \`apt-get install chromium\` (or set SHIPTRACK_CHROMIUM).`,
  );
}
/** The README's picture of the view, rewritten when SHIPTRACK_UPDATE_SCREENSHOT=1. */
const SCREENSHOT = fileURLToPath(new URL('../docs/container-view.png', import.meta.url));
const READ_ONLY_TOOLS = new Set([
  'get_container',
  'get_container_transport_events',
  'get_container_route',
  'get_shipment_details',
]);
const HOUR = 3_600_000;

declare global {
  interface Window {
    viewMethods: string[];
    start(setup: HostSetup): void;
    setHostTheme(theme: 'light' | 'dark'): void;
  }
}

describe.skipIf(!HAVE_CHROMIUM)('the container view in headless Chromium', () => {
  const service = startMockService();
  /** The same demo data for an account without the route (a paid feature): the route answers 403. */
  const noRoute = startMockService({
    accounts: [
      {
        name: 'Acme Imports',
        apiKeys: [DEMO_API_KEY],
        entitlements: { route: false, refresh: true },
      },
    ],
  });
  let noRouteConnection: Connection;
  /** How far the server's and the browser's clocks run ahead of the mock's (terminal data not refreshed since). */
  let skewMs = 0;
  const now = () => new Date(service.mock.clock.date().getTime() + skewMs);
  const requests: string[] = [];
  const toolsCalled: string[] = [];
  let connection: Connection;
  let context: BrowserContext;
  let userDataDir: string;
  let html: string;

  beforeAll(async () => {
    connection = await connect(
      { client: service.client(), now },
      {
        client: {
          capabilities: { extensions: { [EXTENSION_ID]: { mimeTypes: [RESOURCE_MIME_TYPE] } } },
        },
      },
    );
    noRouteConnection = await connect(
      { client: noRoute.client(), now: () => noRoute.mock.clock.date() },
      {
        client: {
          capabilities: { extensions: { [EXTENSION_ID]: { mimeTypes: [RESOURCE_MIME_TYPE] } } },
        },
      },
    );
    const read = await connection.client.readResource({ uri: CONTAINER_VIEW_URI });
    const [content] = read.contents;
    html = content && 'text' in content ? content.text : '';
    userDataDir = await mkdtemp(join(tmpdir(), 'shiptrack-chromium-'));
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM,
      headless: true,
      viewport: { width: 640, height: 900 },
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    context.on('request', (request) => requests.push(request.url()));
    await context.route('**/*', (route) => route.abort());
  }, 60_000);

  afterAll(async () => {
    await context?.close();
    if (userDataDir) await rm(userDataDir, { recursive: true, force: true });
    await connection?.close();
    await noRouteConnection?.close();
    service.mock.dispose();
    noRoute.mock.dispose();
  });

  async function containerId(number: string, via: Connection): Promise<string> {
    const found = await via.client.callTool({
      name: 'search_container',
      arguments: { query: number },
    });
    const rows = (
      found.structuredContent as { containers: { id: string; containerNumber: string }[] }
    ).containers;
    const id = rows.find((row) => row.containerNumber === number)?.id;
    if (!id) throw new Error(`demo container ${number} not found`);
    return id;
  }

  /** Opens the host page with the view showing `tool`'s result for container `number`. */
  async function showView(
    number: string,
    options: {
      tool?: string;
      width?: number;
      theme?: 'light' | 'dark';
      /** The server the host talks to (default: the account with the route). */
      via?: Connection;
    } = {},
  ): Promise<{ page: Page; view: Frame }> {
    const via = options.via ?? connection;
    await context.clock.setFixedTime(now());
    const page = await context.newPage();
    await page.setViewportSize({ width: options.width ?? 640, height: 900 });
    await page.exposeFunction(
      'callServerTool',
      async (name: string, args: Record<string, unknown>) => {
        toolsCalled.push(name);
        return via.client.callTool({ name, arguments: args });
      },
    );
    await page.setContent(HOST_PAGE);
    const id = await containerId(number, via);
    const toolResult = await via.client.callTool({
      name: options.tool ?? 'get_container',
      arguments: { id },
    });
    await page.evaluate((setup) => window.start(setup), {
      html,
      theme: options.theme ?? 'light',
      toolArguments: { id },
      toolResult,
    } satisfies HostSetup);
    const view = await (await page.waitForSelector('iframe')).contentFrame();
    if (!view) throw new Error('the view frame did not load');
    // The view has read the container, events, route and shipment through the host.
    await page.waitForFunction(() =>
      window.viewMethods.includes('tools/call get_shipment_details'),
    );
    await view.waitForSelector('main[aria-busy="false"] .where-now');
    await view.waitForFunction(() =>
      document.querySelector('footer')?.textContent?.includes('Updated'),
    );
    return { page, view };
  }

  const textOf = async (view: Frame, selector: string) =>
    (await view.locator(selector).allTextContents()).join(' | ');

  async function seriousViolations(view: Frame): Promise<string[]> {
    await view.evaluate(axe.source);
    const results = await view.evaluate(() =>
      // axe is the global that the source injected above defines.
      (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] }),
    );
    return (results as axe.AxeResults).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }

  it('shows a container at sea: the current sea leg with its vessel, the estimated arrival', async () => {
    const { page, view } = await showView('MSCU1451670');
    expect(await textOf(view, '.where-now')).toMatch(
      /^At sea: Rotterdam to New York on OOCL HONG KONG voyage 921E; expected 9 Mar 2025, 00:00 UTC \(estimated\)\.$/,
    );
    expect(await textOf(view, '[aria-current="step"]')).toContain('Sea leg');
    expect(await textOf(view, '[aria-current="step"]')).toContain('Vessel OOCL HONG KONG');
    expect(await textOf(view, '.stop-item:last-child .when')).toContain('estimated');
    expect(await textOf(view, '.terminal-card')).toContain('Holds: not reported by the terminal');
    expect(await textOf(view, '.terminal-card')).toContain('Last free day: not reported');
    expect(await seriousViolations(view)).toEqual([]);
    // The actions go through the host to the read-only tools.
    await view.getByRole('button', { name: 'Open the shipment' }).click();
    await view.waitForSelector('#shipment-heading');
    expect(await textOf(view, '.shipment')).toContain('Shipment MEDUQ4821563');
    expect(await textOf(view, '.shipment')).toMatch(/3 container\(s\): .*MSCU1451670/);
    const containerCalls = () =>
      page.evaluate(
        () => window.viewMethods.filter((m) => m === 'tools/call get_container').length,
      );
    const before = await containerCalls();
    await view.getByRole('button', { name: 'Refresh' }).click();
    await page.waitForFunction(
      (count) => window.viewMethods.filter((m) => m === 'tools/call get_container').length > count,
      before,
    );
    await view.waitForSelector('main[aria-busy="false"]');
    expect(await containerCalls()).toBe(before + 1);
    await page.close();
  });

  /** Each stop drawn on the route (its centre), and how the drawing was laid out. */
  async function routeDrawing(view: Frame): Promise<{ layout?: string; points: number[][] }> {
    return view.evaluate(() => {
      const svg = document.querySelector<SVGSVGElement>('svg.route');
      const points = [...(svg?.querySelectorAll('circle.stop') ?? [])].map((c) => [
        Number(c.getAttribute('cx')),
        Number(c.getAttribute('cy')),
      ]);
      return { layout: svg?.dataset.layout, points };
    });
  }

  /** Whether the stops run left to right in their order, evenly spaced (the schematic layout). */
  const evenlySpaced = (points: number[][]) => {
    const gaps = points.slice(1).map((p, i) => (p[0] ?? 0) - (points[i]?.[0] ?? 0));
    return gaps.length > 0 && gaps.every((gap) => gap > 0 && Math.abs(gap - (gaps[0] ?? 0)) < 0.5);
  };

  it('draws the route from the stops coordinates, with the voyage of each sea leg', async () => {
    const { page, view } = await showView('MSCU1451670');
    const route = await connection.client.callTool({
      name: 'get_container_route',
      arguments: { id: await containerId('MSCU1451670', connection) },
    });
    const stops = (
      route.structuredContent as {
        stops: { lat: number | null; lon: number | null; outboundVoyage: string | null }[];
      }
    ).stops;
    expect(stops.length).toBeGreaterThanOrEqual(2);
    expect(
      stops.every((stop) => typeof stop.lat === 'number' && typeof stop.lon === 'number'),
    ).toBe(true);
    expect(stops[0]?.outboundVoyage).toBe('921E');
    const drawing = await routeDrawing(view);
    expect(drawing.layout).toBe('coordinates');
    expect(drawing.points).toHaveLength(stops.length);
    expect(evenlySpaced(drawing.points)).toBe(false);
    // West to the left, north up: Rotterdam is drawn right of and above New York.
    stops.forEach((a, i) => {
      stops.forEach((b, j) => {
        const [ax = 0, ay = 0] = drawing.points[i] ?? [];
        const [bx = 0, by = 0] = drawing.points[j] ?? [];
        expect(Math.sign(ax - bx)).toBe(Math.sign((a.lon ?? 0) - (b.lon ?? 0)));
        expect(Math.sign(by - ay)).toBe(Math.sign((a.lat ?? 0) - (b.lat ?? 0)));
      });
    });
    expect(await textOf(view, '.where-now')).toContain('OOCL HONG KONG voyage 921E');
    expect(await textOf(view, '.journey .source')).toBe('');
    await page.close();
  });

  it('falls back to the schematic drawing, with a note, where the route is not enabled (403)', async () => {
    const { page, view } = await showView('MSCU1451670', { via: noRouteConnection });
    expect(await page.evaluate(() => window.viewMethods)).toContain(
      'tools/call get_container_route',
    );
    const drawing = await routeDrawing(view);
    expect(drawing.layout).toBe('schematic');
    expect(evenlySpaced(drawing.points)).toBe(true);
    expect(await textOf(view, '.journey .source')).toBe(
      'Built from the shipment: the route (a paid feature) is not enabled for this account.',
    );
    expect(await seriousViolations(view)).toEqual([]);
    await page.close();
  });

  it('shows stopped tracking on a box already returned empty', async () => {
    const { page, view } = await showView('CMAU9155939', {
      tool: 'get_container_transport_events',
    });
    expect(await textOf(view, '.banner.stopped')).toBe(
      'Tracking has stopped (every container of the shipment is back empty): this data will not change any more.',
    );
    expect(await textOf(view, '.countdown')).toContain('No terminal demurrage accrues');
    await page.close();
  });

  it('shows a box picked up: no countdown, left the terminal', async () => {
    await service.mock.advance(2.5 * 24 * 3600); // 3 March 12:00 UTC: MAEU4002159 went out on 2 March
    const { page, view } = await showView('MAEU4002159', { theme: 'dark' });
    expect(await textOf(view, '.availability')).toBe('Availability: Left the terminal');
    expect(await textOf(view, '.countdown')).toContain('No terminal demurrage accrues');
    expect(await textOf(view, '.pickup')).toContain('Picked up: 2 Mar 2025, 21:00 UTC');
    expect(await view.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await seriousViolations(view)).toEqual([]);
    await page.close();
  });

  it('shows a discharged box with a hold and the last free day tomorrow, in the terminal time zone', async () => {
    // 10 March 12:00 UTC: MSCU1451670 is discharged at New York with a customs hold, last free day 14 March.
    await service.mock.advance(7 * 24 * 3600);
    // The person looks three days later (13 March, New York time) and the terminal has not been checked since.
    skewMs = 72 * HOUR;
    const { page, view } = await showView('MSCU1451670');
    expect(await textOf(view, '.countdown .days')).toBe('The last free day is tomorrow');
    expect(await textOf(view, '.countdown .lfd')).toBe(
      'Last free day Fri, 14 Mar 2025, counted in America/New_York time',
    );
    expect(await textOf(view, '.holds')).toContain('customs: hold');
    expect(await textOf(view, '.banner.stale')).toContain('Terminal data is more than a day old');
    expect(await textOf(view, '.where-now')).toBe(
      'At New York, Maher Terminals (port of discharge).',
    );
    expect(await textOf(view, '.voyage')).toMatch(/Voyage \S+/);
    // The host has sized the frame to the view's height (ui/notifications/size-changed).
    const height = await view.evaluate(() => document.documentElement.scrollHeight);
    await page.waitForFunction(
      (needed) => (document.querySelector('iframe')?.offsetHeight ?? 0) >= needed,
      height,
    );
    const path = process.env.SHIPTRACK_UPDATE_SCREENSHOT
      ? SCREENSHOT
      : join(userDataDir, 'view.png');
    await (await page.$('iframe'))?.screenshot({ path });
    // Readable at 320 px: nothing wider than the frame.
    await page.setViewportSize({ width: 320, height: 900 });
    await view.waitForFunction(() => window.innerWidth === 320);
    expect(await view.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      320,
    );
    expect(await seriousViolations(view)).toEqual([]);
    await page.evaluate(() => window.setHostTheme('dark'));
    await view.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    expect(await seriousViolations(view)).toEqual([]);
    await page.close();
  });

  it('made no network request and called only read-only tools', () => {
    expect(requests).toEqual([]);
    expect(toolsCalled.length).toBeGreaterThan(0);
    expect(toolsCalled.filter((name) => !READ_ONLY_TOOLS.has(name))).toEqual([]);
  });
});
