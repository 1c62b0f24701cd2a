/** Business constants of §9, written once. */
export const RETURN_WINDOW_DAYS = 21;
export const DEVICE_PRICE_THRESHOLD = 0.01;
export const DEFAULT_DEVICE_STATUS_ID = 4;
export const DEFAULT_STATE = 'TN';
export const RETURN_CHART_DEFAULT_LIMIT = 100;
export const UPCOMING_CREDIT_WEEKS = 4;
export const ROW_LIMIT_OPTIONS = [25, 50, 100] as const;
export const SPEED_TEST_READINGS = 3;
export const PARCEL_STEP = 0.1;
export const CUSTOMER_SEARCH_MIN_CHARS = 3;
export const MAP_DEFAULTS = { lat: 39.8282, lng: -98.5795, zoom: 4, height: 600 } as const;
export const SIDEBAR_BREAKPOINT = 992;
export const MODAL_BREAKPOINT = 768;
export const MODAL_MARGIN = 60;
export const MODAL_MIN_WIDTH = 700;
export const MODAL_MAX_WIDTH = 900;

/** The four carriers (§1), with the chart row field (§3) and brand colour of each. */
export const CARRIERS = [
  { id: 1, name: 'AT&T', seriesKey: 'blue', color: '#00A8E0' },
  { id: 2, name: 'Sprint', seriesKey: 'yellow', color: '#FFCE00' },
  { id: 3, name: 'T-Mobile', seriesKey: 'pink', color: '#E20074' },
  { id: 4, name: 'Verizon', seriesKey: 'red', color: '#CD040B' },
] as const;
export type CarrierId = (typeof CARRIERS)[number]['id'];

export const DEVICE_STATUSES = [
  { id: 1, description: 'Deployed' },
  { id: 2, description: 'Pending Activation' },
  { id: 3, description: 'Lost / Stolen' },
  { id: 4, description: 'Available / In Service' },
  { id: 5, description: 'Unavailable' },
  { id: 6, description: 'Blacklist Hold' },
  { id: 7, description: 'Returning' },
] as const;
export const DEVICE_STATUS = { deployed: 1, available: 4, blacklistHold: 6 } as const;

/** Two-level prospect actions: id 2 has sub-actions ('Additional Info'); id 3 takes no speed test (§4). */
export const PROSPECT_ACTIONS = [
  { id: 1, parentId: null, description: 'Signed Up', position: 1 },
  { id: 2, parentId: null, description: 'Follow Up Needed', position: 2 },
  { id: 3, parentId: null, description: 'Not Home', position: 3 },
  { id: 4, parentId: null, description: 'Not Interested', position: 4 },
  { id: 5, parentId: null, description: 'Left Information', position: 5 },
  { id: 21, parentId: 2, description: 'Call Back', position: 1 },
  { id: 22, parentId: 2, description: 'Send Pricing', position: 2 },
  { id: 23, parentId: 2, description: 'Return Visit', position: 3 },
] as const;
export const PROSPECT_ACTION_WITH_DETAILS = 2;
export const PROSPECT_ACTION_WITHOUT_SPEED_TEST = 3;

export const TOPOGRAPHIES = [
  { id: 1, name: 'Flat', isOther: false, position: 1 },
  { id: 2, name: 'Hilly', isOther: false, position: 2 },
  { id: 3, name: 'Mountainous', isOther: false, position: 3 },
  { id: 4, name: 'Heavily Wooded', isOther: false, position: 4 },
  { id: 5, name: 'Valley', isOther: false, position: 5 },
  { id: 6, name: 'Dense Urban', isOther: false, position: 6 },
  { id: 99, name: 'Other', isOther: true, position: 99 },
] as const;

export const RETURN_REASONS = [
  { id: 1, name: 'Poor Coverage', position: 1 },
  { id: 2, name: 'Changed Mind', position: 2 },
  { id: 3, name: 'Device Problem', position: 3 },
  { id: 4, name: 'Too Expensive', position: 4 },
  { id: 5, name: 'Other', position: 5 },
] as const;

/** Chart palettes (§2): a five-colour donut default, a 17-colour palette for reason/supplier columns. */
export const BRAND_COLORS = { green: '#2E9E5B', red: '#D64545', darkGray: '#4A4A4A' } as const;
export const DONUT_PALETTE = ['#3366CC', '#DC3912', '#FF9900', '#109618', '#990099'] as const;
export const PALETTE_17 = [
  '#1F77B4',
  '#FF7F0E',
  '#2CA02C',
  '#D62728',
  '#9467BD',
  '#8C564B',
  '#E377C2',
  '#7F7F7F',
  '#BCBD22',
  '#17BECF',
  '#393B79',
  '#637939',
  '#8C6D31',
  '#843C39',
  '#7B4173',
  '#3182BD',
  '#E6550D',
] as const;
