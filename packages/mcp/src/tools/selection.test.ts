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
