import type { MappedShippingLine, ShiptrackClient } from '@shiptrack/sdk';

/** Every supported shipping line, all pages (about forty rows). */
export async function fetchAllShippingLines(
  client: ShiptrackClient,
): Promise<MappedShippingLine[]> {
  const lines: MappedShippingLine[] = [];
  for await (const line of client.shippingLines.list({ format: 'mapped', pageSize: 100 })) {
    lines.push(line);
  }
  return lines;
}
