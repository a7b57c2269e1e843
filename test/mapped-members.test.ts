/**
 * The generated members of the mapped models (`scripts/generate-mapped-members.ts`),
 * run on edited copies of the spec: a plain attribute appears on its model
 * with no hand edit, a built one stays out, and the generator refuses an
 * attribute it cannot type and a table entry the spec no longer has.
 */
import { describe, expect, it } from 'vitest';
import { mappedMemberFiles } from '../scripts/generate-mapped-members.js';
import { isSpecObject, loadSpec, type SpecObject } from '../test-support/spec-document.js';

/** A copy of the spec whose component schema `name` has its properties edited. */
function specWith(name: string, edit: (properties: SpecObject) => void): SpecObject {
  const spec = structuredClone(loadSpec());
  const schemas = isSpecObject(spec.components) ? spec.components.schemas : undefined;
  const schema = isSpecObject(schemas) ? schemas[name] : undefined;
  if (!isSpecObject(schema) || !isSpecObject(schema.properties)) {
    throw new Error(`spec/openapi.yaml has no schema ${name} with properties`);
  }
  edit(schema.properties);
  return spec;
}

function generated(spec: SpecObject): { members: string; shapes: string } {
  const [members, shapes] = mappedMemberFiles(spec, '// test\n').map((file) => file.contents);
  return { members: members ?? '', shapes: shapes ?? '' };
}

/** The body of one generated interface or shape. */
function block(text: string, opening: string): string {
  const start = text.indexOf(opening);
  return start === -1 ? '' : text.slice(start, text.indexOf('\n}', start));
}

describe('generated mapped members', () => {
  it('types a plain attribute and a relationship id, and leaves the built ones out', () => {
    const { members, shapes } = generated(loadSpec());
    const container = block(members, 'export interface ContainerSentMembers {');
    expect(container).toContain('  sealNumber?: string | null;');
    expect(container).toContain('  shipmentId?: string | null;');
    expect(container).toContain('  transportEventIds?: string[];');
    // `current_status` is built into `status` by the container's shape; `equipment_type` is grouped.
    expect(container).not.toContain('currentStatus');
    expect(container).not.toContain('equipmentType');
    const shape = block(shapes, 'export const containerSentShape');
    expect(shape).toContain('  sealNumber: sentText(),');
    expect(shape).toContain('  transportEventIds: relationIds(),');
  });

  it('adds an attribute the spec gains, camelCased and described, with no hand edit', () => {
    const spec = specWith('ContainerAttributes', (attributes) => {
      attributes.gate_out_reason = {
        anyOf: [{ $ref: '#/components/schemas/DataSource' }, { type: 'string' }, { type: 'null' }],
        description: 'Why the gate let it out. More text the doc leaves out.',
      };
    });
    const { members, shapes } = generated(spec);
    expect(block(members, 'export interface ContainerSentMembers {')).toContain(
      "  /** Why the gate let it out. */\n  gateOutReason?: OpenEnum<Schemas['DataSource']> | null;",
    );
    expect(block(shapes, 'export const containerSentShape')).toContain(
      '  gateOutReason: sent(openEnum(DATA_SOURCE_VALUES)),',
    );
  });

  it('refuses an attribute it cannot type, naming it', () => {
    const spec = specWith('ShipmentAttributes', (attributes) => {
      attributes.holds = { type: 'array', items: { $ref: '#/components/schemas/TerminalHold' } };
    });
    expect(() => generated(spec)).toThrow(/Shipment\.holds has no plain mapped type/);
  });

  it('refuses a hand-typed attribute the spec no longer has', () => {
    const spec = specWith('Webhook', (properties) => {
      const attributes = properties.attributes;
      if (isSpecObject(attributes) && isSpecObject(attributes.properties)) {
        delete attributes.properties.headers;
      }
    });
    expect(() => generated(spec)).toThrow(/Webhook has no headers/);
  });
});
