// The app's one TanStack Query client: the providers hand it to React, and main.tsx starts the first screen's reads
// with it before React renders.
import { QueryClient } from '@tanstack/react-query';
import { isErpUnavailable } from './api-client';

export const queryClient = new QueryClient({
  defaultOptions: {
    // The API client already toasts failures; a retry would toast twice.
    // A read that found the ERP down (issue 28) is asked again every 10 s: the screen comes back by itself.
    queries: {
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: (query) => (isErpUnavailable(query.state.error) ? 10_000 : false),
    },
    mutations: { retry: false },
  },
});
