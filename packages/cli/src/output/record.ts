import { cellText } from './cell-text.js';
import { containerSections } from './container-record.js';
import { escapeControls } from './control-characters.js';
import { isRecord } from './fields.js';
import { isMappedContainer } from './last-free-day.js';
import { memberSections, recordLabel } from './member-sections.js';
import { type RecordSection, type RecordView, renderSections } from './sections.js';
import { isMappedShipment, shipmentSections } from './shipment-record.js';
import type { TableOptions } from './table.js';
import { isTransportEventsSummary, timelineSections } from './timeline-record.js';
import { isMappedTrackingRequest, trackingRequestSections } from './tracking-request-record.js';

/** How one result is drawn: the table options, and the title of a result that has no kind. */
export interface RecordOptions extends TableOptions {
  /** The first section's title when the result is no record of the service (`Tracking MSCU1234566`). */
  title?: string | undefined;
}

/** A long value wraps to at most this many lines; longer ones are summarised. */
const MAX_VALUE_LINES = 4;

/** `webhook 5f95…` -> `Webhook 5f95…`. */
function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The sections of a kind that has its own; `undefined` for any other value. */
function kindSections(value: unknown): RecordSection[] | undefined {
  if (isMappedContainer(value)) return containerSections(value);
  if (isMappedShipment(value)) return shipmentSections(value);
  if (isMappedTrackingRequest(value)) return trackingRequestSections(value);
  if (isTransportEventsSummary(value)) return timelineSections(value);
  return undefined;
}

/**
 * What a person reads of one result: a container, a shipment, a tracking
 * request or a container's events in sections of their own; any other
 * record as its members, each member group a section, the containers,
 * shipments and requests it holds in their own sections, what would fill a
 * screen summarised, and its `next` command last.
 */
export function recordView(record: unknown, options: RecordOptions): RecordView {
  const own = kindSections(record);
  if (own) return { sections: own };
  const context = { width: Math.max(options.width - 28, 20), maxLines: MAX_VALUE_LINES };
  if (!isRecord(record)) {
    return {
      sections: [{ title: options.title ?? 'Result', lines: [['value', cellText(record)]] }],
    };
  }
  const members: Record<string, unknown> = {};
  const held: RecordSection[] = [];
  let next: string | undefined;
  for (const [key, value] of Object.entries(record)) {
    const sections = kindSections(value);
    if (key === 'next' && typeof value === 'string') next = escapeControls(value);
    else if (sections) held.push(...sections);
    else members[key] = value;
  }
  const title =
    options.title ??
    (typeof record.type === 'string' ? capitalized(recordLabel(record)) : 'Result');
  return { sections: [...memberSections(members, title, context), ...held], next };
}

/** One result for a person (see {@link recordView}), fitted to the terminal's width. */
export function renderRecord(record: unknown, options: RecordOptions): string {
  return renderSections(recordView(record, options), options);
}
