import { describe, expect, it } from 'vitest';
import { TOOLS } from './index.js';
import { TOOLSETS, ToolSelectionError, toolsSelected, writes } from './selection.js';

const ALL = TOOLS.map((tool) => tool.name);

describe('tool selection', () => {
  it('puts every tool in exactly one toolset', () => {
    const grouped = Object.values(TOOLSETS).flat();
    expect([...grouped].sort()).toEqual([...ALL].sort());
  });

  it('serves every tool by default, in tools/list order', () => {
    expect(toolsSelected()).toEqual(ALL);
    expect(toolsSelected({})).toEqual(ALL);
  });

  it('leaves out, read-only, exactly the tools that do not declare readOnlyHint (track_container)', () => {
    const writing = TOOLS.filter(writes).map((tool) => tool.name);
    expect(writing).toEqual(['track_container']);
    expect(toolsSelected({ readOnly: true })).toEqual(
      ALL.filter((name) => !writing.includes(name)),
    );
    expect(toolsSelected({ readOnly: true, toolsets: ['tracking'] })).toEqual([
      'list_tracking_requests',
    ]);
  });

  it('serves the tools named together with those of the toolsets named', () => {
    expect(toolsSelected({ toolsets: ['shipments'], tools: ['search_container'] })).toEqual([
      'search_container',
      'get_shipment_details',
      'list_shipments',
    ]);
    expect(toolsSelected({ tools: ['get_container', 'get_container'] })).toEqual(['get_container']);
  });

  it('refuses what is not there, naming every problem and what there is', () => {
    const refused = () => toolsSelected({ tools: ['get_containers'], toolsets: ['boxes'] });
    expect(refused).toThrow(ToolSelectionError);
    expect(refused).toThrow(
      /no tool "get_containers" \(tools: search_container, track_container, .*\); no toolset "boxes" \(toolsets: search, containers, shipments, tracking, carriers\)/,
    );
  });

  it('refuses a tool that writes named with read-only, and a selection of nothing', () => {
    expect(() => toolsSelected({ readOnly: true, tools: ['track_container'] })).toThrow(
      /track_container writes .* name it or ask for read-only, not both/,
    );
    expect(() => toolsSelected({ tools: [] })).toThrow(/selects no tool/);
  });
});

describe('a description on a server that does not serve every tool', () => {
  it('leaves out the clauses that name a tool not served, and ends with a full stop', async () => {
    const { withoutUnserved } = await import('./named-tools.js');
    const served = new Set(toolsSelected({ readOnly: true }));
    const described = (name: string) =>
      withoutUnserved(TOOLS.find((tool) => tool.name === name)?.description ?? '', served);
    expect(described('search_container')).toBe(
      'Finds containers, shipments and tracking requests by container, B/L, booking or reference number (partial too). Start here.',
    );
    expect(described('get_supported_shipping_lines')).toBe(
      'Carriers by name or SCAC and the numbers each tracks.',
    );
    const all = new Set(toolsSelected());
    for (const tool of TOOLS) expect(withoutUnserved(tool.description, all)).toBe(tool.description);
  });
});
