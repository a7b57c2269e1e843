/** What a tool asked, as the signed `requestState` carries it (`request-state.ts`). */
export type AskedState =
  | {
      /** Which shipping line carries the number. */
      asked: 'carrier';
      /** The number the question was about. */
      number: string;
      /** The SCACs offered to choose from; none: the user typed one. */
      offered: readonly string[];
    }
  | {
      /** Whether to create this tracking request (it costs quota). */
      asked: 'tracking';
      number: string;
      numberType: string;
      scac: string;
    };
