/// <reference types="vite/client" />

// Declaration merging with Vite's ImportMetaEnv needs an interface.
// eslint-disable-next-line @typescript-eslint/consistent-type-definitions
interface ImportMetaEnv {
  readonly VITE_APP_VERSION?: string;
  readonly VITE_API_BASE_URL?: string;
}

/** Messages by chunk: each language merged over base, and each country layer (build/message-chunks.ts). */
declare module 'virtual:portal-messages' {
  export const messageChunks: Record<string, () => Promise<import('@portal/i18n').Messages>>;
}
