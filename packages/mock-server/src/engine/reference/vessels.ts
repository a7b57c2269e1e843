/** Container ships with their real IMO numbers (each passes the IMO check digit). */
import { stableId } from '../ids.js';
import type { VesselRecord } from '../records.js';

type VesselRow = [name: string, imo: string, mmsi: string, flag: string];

const ROWS: readonly VesselRow[] = [
  ['EVER GIVEN', '9811000', '353136000', 'PA'],
  ['EVER ACE', '9893890', '563113700', 'SG'],
  ['MSC GULSUN', '9839430', '353774000', 'PA'],
  ['HMM ALGECIRAS', '9863297', '440326000', 'KR'],
  ['CMA CGM JACQUES SAADE', '9839179', '228386800', 'FR'],
  ['MAERSK MC-KINNEY MOLLER', '9619907', '219018671', 'DK'],
  ['COSCO SHIPPING UNIVERSE', '9795610', '477333500', 'HK'],
  ['OOCL HONG KONG', '9776171', '477993500', 'HK'],
];

/** The vessel catalogue, with ids derived from the IMO number. */
export const VESSELS: readonly VesselRecord[] = ROWS.map(([name, imo, mmsi, flag]) => ({
  id: stableId(`vessel:${imo}`),
  name,
  imo,
  mmsi,
  flag,
}));
