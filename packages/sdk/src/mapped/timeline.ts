/** One line of a container's timeline. */
export interface TimelineEntry {
  /** The event name as sent. */
  event: string | null;
  timestamp: string | null;
  location: { name: string | null; locode: string | null };
}

/**
 * How many events of each kind a timeline holds; the counts add up to
 * `totalEvents`, so nothing is lost or counted twice.
 */
export interface EventCategories {
  /** Vessel, transshipment and feeder milestones. */
  vesselEvents: number;
  /** Rail milestones and arrival at the inland destination. */
  railEvents: number;
  /** Gate, availability and delivery milestones. */
  terminalEvents: number;
  /** Estimates (`container.transport.estimated.*`). */
  estimateEvents: number;
  /** Update events of the container, such as `container.pickup_lfd.changed`. */
  updateEvents: number;
  /** Milestones the SDK does not know yet. */
  otherEvents: number;
}

/** When the key milestones happened (first loading and departure, last arrival and discharge). */
export interface Milestones {
  vesselLoadedAt: string | null;
  vesselDepartedAt: string | null;
  vesselArrivedAt: string | null;
  dischargedAt: string | null;
}

/** A summary of a container's transport events: counts, key milestones and a timeline. */
export interface TransportEventsSummary {
  totalEvents: number;
  eventCategories: EventCategories;
  milestones: Milestones;
  timeline: TimelineEntry[];
}
