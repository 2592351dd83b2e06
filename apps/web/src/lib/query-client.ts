// The app's one TanStack Query client: the providers hand it to React, and main.tsx starts the first screen's reads
// with it before React renders.
import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    // The API client already toasts failures; a retry would toast twice.
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
