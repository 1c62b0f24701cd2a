/**
 * A session found ended mid-use (a call answered 401) sends the user to the sign-in page, which says why, once: the
 * note is kept in the tab's session storage, so the page's address stays the sign-in page's own.
 */
export const SESSION_ENDED = 'Your session has ended. Please sign in again.';

const NOTE = 'session-ended';

export function noteSessionEnded(): void {
  sessionStorage.setItem(NOTE, '1');
}

export const sessionEndedNoted = (): boolean => sessionStorage.getItem(NOTE) !== null;

export function forgetSessionEndedNote(): void {
  sessionStorage.removeItem(NOTE);
}
