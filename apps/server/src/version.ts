/** The application version shown in the footer (spec §9). */
export const appVersion = 'v2.3.24';
