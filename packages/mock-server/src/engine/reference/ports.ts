/**
 * Ports and inland points the simulated carriers call at: real UN/LOCODEs,
 * names, IANA time zones and approximate coordinates.
 */
import { stableId } from '../ids.js';
import type { PortRecord } from '../records.js';

type PortRow = [
  code: string,
  name: string,
  city: string,
  stateAbbr: string | null,
  timeZone: string,
  latitude: number,
  longitude: number,
];

const ROWS: readonly PortRow[] = [
  ['CNSHA', 'Shanghai', 'Shanghai', null, 'Asia/Shanghai', 31.2304, 121.4737],
  ['CNNGB', 'Ningbo', 'Ningbo', null, 'Asia/Shanghai', 29.8683, 121.544],
  ['CNYTN', 'Yantian', 'Shenzhen', null, 'Asia/Shanghai', 22.5755, 114.2777],
  ['CNTAO', 'Qingdao', 'Qingdao', null, 'Asia/Shanghai', 36.0671, 120.3826],
  ['KRPUS', 'Busan', 'Busan', null, 'Asia/Seoul', 35.1028, 129.0403],
  ['SGSIN', 'Singapore', 'Singapore', null, 'Asia/Singapore', 1.2644, 103.8222],
  ['VNSGN', 'Ho Chi Minh City', 'Ho Chi Minh City', null, 'Asia/Ho_Chi_Minh', 10.7626, 106.7544],
  ['TWKHH', 'Kaohsiung', 'Kaohsiung', null, 'Asia/Taipei', 22.6163, 120.2839],
  ['NLRTM', 'Rotterdam', 'Rotterdam', null, 'Europe/Amsterdam', 51.9496, 4.1453],
  ['DEHAM', 'Hamburg', 'Hamburg', null, 'Europe/Berlin', 53.5304, 9.9374],
  ['BEANR', 'Antwerp', 'Antwerp', null, 'Europe/Brussels', 51.2637, 4.3997],
  ['USLAX', 'Los Angeles', 'Los Angeles', 'CA', 'America/Los_Angeles', 33.7397, -118.2625],
  ['USLGB', 'Long Beach', 'Long Beach', 'CA', 'America/Los_Angeles', 33.7542, -118.2165],
  ['USOAK', 'Oakland', 'Oakland', 'CA', 'America/Los_Angeles', 37.7955, -122.2797],
  ['USSEA', 'Seattle', 'Seattle', 'WA', 'America/Los_Angeles', 47.5802, -122.3482],
  ['USNYC', 'New York', 'New York', 'NY', 'America/New_York', 40.6681, -74.0451],
  ['USSAV', 'Savannah', 'Savannah', 'GA', 'America/New_York', 32.1282, -81.1418],
  ['USHOU', 'Houston', 'Houston', 'TX', 'America/Chicago', 29.6105, -95.0065],
  ['USCHI', 'Chicago', 'Chicago', 'IL', 'America/Chicago', 41.8781, -87.6298],
  ['USMEM', 'Memphis', 'Memphis', 'TN', 'America/Chicago', 35.1495, -90.049],
  ['USDAL', 'Dallas', 'Dallas', 'TX', 'America/Chicago', 32.7767, -96.797],
  ['USATL', 'Atlanta', 'Atlanta', 'GA', 'America/New_York', 33.749, -84.388],
];

/** The port catalogue, with ids derived from the UN/LOCODE. */
export const PORTS: readonly PortRecord[] = ROWS.map(
  ([code, name, city, stateAbbr, timeZone, latitude, longitude]) => ({
    id: stableId(`port:${code}`),
    code,
    name,
    city,
    stateAbbr,
    countryCode: code.slice(0, 2),
    timeZone,
    latitude,
    longitude,
  }),
);
