// Business constants of the web shell, each from the spec (access-and-administration §9 unless noted).

/** Idle time after which the user is logged out: 30 minutes. */
export const IDLE_TIMEOUT_MS = 1_800_000;
/** User activity refreshes the access token at most this often: 5 minutes. */
export const TOKEN_REFRESH_THROTTLE_MS = 300_000;
/** After logout the page reloads after this delay so no in-memory state survives. */
export const LOGOUT_RELOAD_DELAY_MS = 100;
/** The primary account dropdown scrolls beyond this many items (invoices-and-payments §2, header). */
export const ACCOUNT_DROPDOWN_VISIBLE_ITEMS = 10;
/** Layout breakpoints: cards replace tables at 600 px; the header collapses into a drawer at 820 px. */
export const MOBILE_BREAKPOINT_PX = 600;
export const NAV_BREAKPOINT_PX = 820;
/** Where a signed-in user lands by default. */
export const DEFAULT_SIGNED_IN_PATH = '/invoices';
export const SIGN_IN_PATH = '/signin';
