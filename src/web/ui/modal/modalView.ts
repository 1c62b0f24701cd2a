/**
 * Pages opened by a ModalLink carry `view=modal` (inside the modal's iframe) or `view=fullscreen` (a full
 * page on narrow windows). A page in a modal tells the opener when its form succeeded and how tall it is.
 */
export type ModalView = 'modal' | 'fullscreen';

/** Below this window width a modal link opens the full page instead (§9 "Modal breakpoint is 768"). */
export const MODAL_BREAKPOINT = 768;
export const MODAL_MARGIN = 60;
export const MODAL_DEFAULT_WIDTH = 700;
export const MODAL_MAX_WIDTH = 900;

export const MODAL_SUCCESS_MESSAGE = 'modal-form:success';
export const MODAL_HEIGHT_MESSAGE = 'modal-form:height';

/** The smaller of the window width minus 60 and the wanted width (700), never above 900. */
export function modalWidth(windowWidth: number, wanted = MODAL_DEFAULT_WIDTH): number {
  return Math.min(windowWidth - MODAL_MARGIN, wanted, MODAL_MAX_WIDTH);
}

export function withView(href: string, view: ModalView): string {
  const url = new URL(href, window.location.origin);
  url.searchParams.set('view', view);
  return url.origin === window.location.origin ? `${url.pathname}${url.search}${url.hash}` : url.toString();
}

export function currentView(): ModalView | null {
  const view = new URLSearchParams(window.location.search).get('view');
  return view === 'modal' || view === 'fullscreen' ? view : null;
}

/** Called by forms after a successful change: the opener closes the modal and reloads its data. */
export function signalFormSuccess(): void {
  if (currentView() === 'modal' && window.parent !== window) {
    window.parent.postMessage({ type: MODAL_SUCCESS_MESSAGE }, window.location.origin);
  }
}
