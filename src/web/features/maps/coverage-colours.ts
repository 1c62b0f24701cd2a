import { COVERAGE_STEPS } from '../../../contract/maps';

/** No service is red with a dashed outline: told apart from every speed by colour and by line. */
export const NO_SERVICE = { label: 'No service', colour: '#e03131' } as const;

/** Violet, lighter for slower: no marker of the maps is violet, so hexagons never pass for markers. */
const SPEED_COLOURS = ['#e5dbff', '#b197fc', '#845ef7', '#5f3dc4'] as const;

const [slow, fair, fast] = COVERAGE_STEPS;

/** The legend of the coverage layer, in order: no service, then each band of median Mbps. */
export const COVERAGE_LEGEND = [
  NO_SERVICE,
  { label: `Under ${slow} Mbps`, colour: SPEED_COLOURS[0] },
  { label: `${slow}–${fair} Mbps`, colour: SPEED_COLOURS[1] },
  { label: `${fair}–${fast} Mbps`, colour: SPEED_COLOURS[2] },
  { label: `${fast} Mbps or more`, colour: SPEED_COLOURS[3] },
] as const;

/** The legend entry of a hexagon's median: a band's lower bound belongs to it (25 Mbps is "25–100"). */
export function coverageBand(medianMbps: number): (typeof COVERAGE_LEGEND)[number] {
  if (medianMbps === 0) return NO_SERVICE;
  const band = COVERAGE_STEPS.filter((step) => medianMbps >= step).length;
  return COVERAGE_LEGEND[band + 1]!;
}
