/** The device swaps list: a page of its own, opened from the devices page, the palette and the swaps chart. */
export { SwapsPage } from './SwapsPage';
