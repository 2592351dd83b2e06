// The only place the web app reads its build-time environment (STYLE.md §6). Vite replaces
// import.meta.env.* at build time; process.env does not exist in the browser.
export const env = {
  /** Application version shown in the footer, without the leading "v" (injected from package.json). */
  appVersion: import.meta.env.VITE_APP_VERSION ?? '2.3.24',
  /** Prefix of API paths; empty because the SPA and the API share one origin (CSP, same-origin cookies). */
  apiBaseUrl: import.meta.env.VITE_API_BASE_URL ?? '',
  isDev: import.meta.env.DEV === true,
} as const;
