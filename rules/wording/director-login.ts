/**
 * What the hub answers a director's route or socket reached without a login: what the user does
 * (log in on the director page with the director secret), then the hint for scripts. One wording
 * for every route (HTTP 401) and every director namespace (socket.io `connect_error`).
 */

/** What a user does: `"not logged in as the director: log in on the director page (/director) with the director secret"`. */
export const DIRECTOR_LOGIN_NEEDED = 'not logged in as the director: log in on the director page (/director) with the director secret';

/** The HTTP 401 of a director route: {@link DIRECTOR_LOGIN_NEEDED}, then the header a script sends. */
export const DIRECTOR_LOGIN_NEEDED_HTTP = `${DIRECTOR_LOGIN_NEEDED} (scripts: Authorization: Bearer <token>)`;

/** The `connect_error` of a director socket.io namespace: {@link DIRECTOR_LOGIN_NEEDED}, then what a script sends. */
export const DIRECTOR_LOGIN_NEEDED_SOCKET = `${DIRECTOR_LOGIN_NEEDED} (scripts: auth: { token })`;
