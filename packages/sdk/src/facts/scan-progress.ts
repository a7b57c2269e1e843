/** How far a scan of the account has read. */
export interface ScanProgress {
  /** `containers` (with their shipments), then `tracking_requests`. */
  readonly phase: 'containers' | 'tracking_requests';
  /** Records of this phase read so far. */
  readonly read: number;
  /** How many there are, when the service says; `null` when it does not. */
  readonly total: number | null;
}
