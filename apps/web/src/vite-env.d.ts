/// <reference types="vite/client" />

// Declaration merging with Vite's ImportMetaEnv needs an interface.
// eslint-disable-next-line @typescript-eslint/consistent-type-definitions
interface ImportMetaEnv {
  readonly VITE_APP_VERSION?: string;
  readonly VITE_API_BASE_URL?: string;
}
