/**
 * The shipping-line catalogue: real carriers and their SCACs, the prefixes
 * their bills of lading start with, and the owner codes of their own
 * containers. Leased containers (lessor owner codes) are listed separately:
 * the carrier can never be guessed from those.
 */
import { stableId } from '../ids.js';
import type { RequestType, ShippingLineRecord } from '../records.js';

interface LineRow {
  scac: string;
  name: string;
  shortName: string;
  alternativeScacs?: string[];
  /** Prefixes of the line's bill of lading numbers (besides the SCAC itself). */
  blPrefixes?: string[];
  /** Owner codes (with category letter) of the line's own containers. */
  ownerCodes?: string[];
  /** Still tracked? Lines merged into others are listed but not trackable. */
  tracked?: boolean;
  containerNumbers?: boolean;
}

const ROWS: readonly LineRow[] = [
  {
    scac: 'MAEU',
    name: 'Maersk',
    shortName: 'Maersk',
    alternativeScacs: ['MAEI'],
    ownerCodes: ['MAEU', 'MRKU', 'MRSU'],
  },
  {
    scac: 'MSCU',
    name: 'Mediterranean Shipping Company',
    shortName: 'MSC',
    alternativeScacs: ['MEDU'],
    blPrefixes: ['MEDU'],
    ownerCodes: ['MSCU', 'MEDU', 'MSDU', 'MSMU'],
  },
  { scac: 'CMDU', name: 'CMA CGM', shortName: 'CMA CGM', ownerCodes: ['CMAU', 'CGMU', 'ECMU'] },
  {
    scac: 'COSU',
    name: 'COSCO Shipping Lines',
    shortName: 'COSCO',
    ownerCodes: ['CSNU', 'CBHU', 'CCLU'],
  },
  {
    scac: 'HLCU',
    name: 'Hapag-Lloyd',
    shortName: 'Hapag-Lloyd',
    ownerCodes: ['HLXU', 'HLBU', 'HAMU', 'UACU'],
  },
  {
    scac: 'ONEY',
    name: 'Ocean Network Express',
    shortName: 'ONE',
    ownerCodes: ['ONEU', 'NYKU', 'KKFU', 'MOFU'],
  },
  {
    scac: 'EGLV',
    name: 'Evergreen Marine',
    shortName: 'Evergreen',
    blPrefixes: ['EISU'],
    ownerCodes: ['EGHU', 'EISU', 'EMCU', 'EGSU'],
  },
  {
    scac: 'YMLU',
    name: 'Yang Ming Marine Transport',
    shortName: 'Yang Ming',
    ownerCodes: ['YMLU', 'YMMU'],
  },
  {
    scac: 'HDMU',
    name: 'HMM (Hyundai Merchant Marine)',
    shortName: 'HMM',
    ownerCodes: ['HDMU', 'HMMU'],
    containerNumbers: false,
  },
  {
    scac: 'ZIMU',
    name: 'ZIM Integrated Shipping Services',
    shortName: 'ZIM',
    ownerCodes: ['ZIMU', 'ZCSU'],
  },
  {
    scac: 'OOLU',
    name: 'Orient Overseas Container Line',
    shortName: 'OOCL',
    ownerCodes: ['OOLU', 'OOCU'],
  },
  {
    scac: 'PABV',
    name: 'Pacific International Lines',
    shortName: 'PIL',
    alternativeScacs: ['PCIU'],
    blPrefixes: ['PCIU'],
    ownerCodes: ['PCIU'],
  },
  { scac: 'WHLC', name: 'Wan Hai Lines', shortName: 'Wan Hai', ownerCodes: ['WHSU', 'WHLU'] },
  { scac: 'MATS', name: 'Matson Navigation Company', shortName: 'Matson', ownerCodes: ['MATU'] },
  { scac: 'SMLM', name: 'SM Line', shortName: 'SM Line', ownerCodes: ['SMCU'] },
  {
    scac: 'APLU',
    name: 'American President Lines',
    shortName: 'APL',
    ownerCodes: ['APZU', 'APHU', 'APRU'],
  },
  {
    scac: 'ANNU',
    name: 'ANL Container Line',
    shortName: 'ANL',
    blPrefixes: ['ANLC'],
    ownerCodes: ['ANNU'],
  },
  { scac: 'SUDU', name: 'Hamburg Süd', shortName: 'Hamburg Süd', ownerCodes: ['SUDU'] },
  { scac: 'SAFM', name: 'Safmarine', shortName: 'Safmarine' },
  { scac: 'SEAU', name: 'Sealand', shortName: 'Sealand', alternativeScacs: ['SEAL'] },
  { scac: 'KMTU', name: 'Korea Marine Transport Co.', shortName: 'KMTC', ownerCodes: ['KMTU'] },
  {
    scac: 'SKLU',
    name: 'Sinokor Merchant Marine',
    shortName: 'Sinokor',
    ownerCodes: ['SKLU', 'SKHU'],
  },
  { scac: 'ESPU', name: 'Emirates Shipping Line', shortName: 'Emirates', ownerCodes: ['ESPU'] },
  { scac: 'ARKU', name: 'Arkas Line', shortName: 'Arkas', ownerCodes: ['ARKU'] },
  { scac: 'TRKU', name: 'Turkon Line', shortName: 'Turkon', ownerCodes: ['TRKU'] },
  { scac: 'SMLU', name: 'Seaboard Marine', shortName: 'Seaboard', ownerCodes: ['SMLU'] },
  { scac: 'TSCW', name: 'Tropical Shipping', shortName: 'Tropical' },
  { scac: 'ACLU', name: 'Atlantic Container Line', shortName: 'ACL', ownerCodes: ['ACLU'] },
  { scac: 'WWSU', name: 'Westwood Shipping Lines', shortName: 'Westwood', ownerCodes: ['WWSU'] },
  { scac: 'PSHI', name: 'Pasha Hawaii', shortName: 'Pasha', containerNumbers: false },
  { scac: 'MFTU', name: 'Marfret', shortName: 'Marfret', ownerCodes: ['MFTU'] },
  { scac: 'CULU', name: 'China United Lines', shortName: 'CU Lines', ownerCodes: ['CULU'] },
  { scac: 'CAMN', name: 'Crowley', shortName: 'Crowley', containerNumbers: false },
  { scac: 'CHVW', name: 'Swire Shipping', shortName: 'Swire', containerNumbers: false },
  { scac: 'REGU', name: 'Regional Container Lines', shortName: 'RCL', ownerCodes: ['REGU'] },
  { scac: 'IAAU', name: 'Interasia Lines', shortName: 'Interasia', ownerCodes: ['IAAU'] },
  { scac: 'SJHH', name: 'Sea Lead Shipping', shortName: 'Sea Lead', containerNumbers: false },
  { scac: 'NYKS', name: 'NYK Line', shortName: 'NYK', tracked: false },
  { scac: 'MOLU', name: 'Mitsui O.S.K. Lines', shortName: 'MOL', tracked: false },
  { scac: 'KKLU', name: 'K Line', shortName: 'K Line', tracked: false },
  { scac: 'HJSC', name: 'Hanjin Shipping', shortName: 'Hanjin', tracked: false },
];

/** Owner codes of container lessors: their boxes sail with any carrier. */
export const LESSOR_OWNER_CODES: ReadonlySet<string> = new Set([
  'CAIU',
  'CAXU',
  'TGHU',
  'TGBU',
  'TCLU',
  'TCNU',
  'TRHU',
  'TRLU',
  'TEMU',
  'TTNU',
  'TCKU',
  'FCIU',
  'FSCU',
  'SEGU',
  'GESU',
  'BMOU',
  'BEAU',
  'DFSU',
  'UETU',
  'CRXU',
  'XINU',
  'IPXU',
  'TLLU',
  'GLDU',
  'INKU',
  'CXDU',
]);

/** Owner codes shared by a carrier group: a guess needs confirmation. */
export const SHARED_OWNER_CODES: ReadonlyMap<string, readonly string[]> = new Map([
  ['MSKU', ['MAEU', 'SEAU', 'SAFM']],
  ['MSAU', ['MAEU', 'SAFM']],
]);

/** The shipping-line records, ids derived from the SCAC, in catalogue order. */
export const SHIPPING_LINES: readonly ShippingLineRecord[] = ROWS.map((row) => {
  const tracked = row.tracked ?? true;
  return {
    id: stableId(`shipping_line:${row.scac}`),
    scac: row.scac,
    name: row.name,
    shortName: row.shortName,
    alternativeScacs: row.alternativeScacs ?? [],
    billOfLadingTrackingSupport: tracked,
    bookingNumberTrackingSupport: tracked,
    containerNumberTrackingSupport: tracked && (row.containerNumbers ?? true),
  };
});

/** The request types a line tracks, from its `*_tracking_support` flags. */
export function supportedRequestTypes(line: ShippingLineRecord): RequestType[] {
  const flags: Array<[RequestType, boolean]> = [
    ['bill_of_lading', line.billOfLadingTrackingSupport],
    ['booking_number', line.bookingNumberTrackingSupport],
    ['container', line.containerNumberTrackingSupport],
  ];
  return flags.filter(([, supported]) => supported).map(([type]) => type);
}

/** Owner code -> SCAC of the one carrier whose own boxes carry it. */
export const OWNER_CODE_CARRIERS: ReadonlyMap<string, string> = new Map(
  ROWS.flatMap((row) => (row.ownerCodes ?? []).map((code): [string, string] => [code, row.scac])),
);

/** Bill-of-lading prefix (SCACs included) -> SCAC. */
export const BL_PREFIX_CARRIERS: ReadonlyMap<string, string> = new Map(
  ROWS.flatMap((row) =>
    [row.scac, ...(row.blPrefixes ?? [])].map((prefix): [string, string] => [prefix, row.scac]),
  ),
);

/** The owner code the simulated carrier uses for its own containers. */
export function ownerCodeOf(scac: string): string {
  return ROWS.find((row) => row.scac === scac)?.ownerCodes?.[0] ?? 'TGHU';
}
