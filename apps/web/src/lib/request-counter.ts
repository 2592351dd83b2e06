// spec §4: "A loading counter rises and falls with each request"; it drives the global spinner.
import { useSyncExternalStore } from 'react';
import { createStore } from './create-store';

const inFlight = createStore(0);

export const requestCounter = {
  start: (): void => inFlight.set((n) => n + 1),
  finish: (): void => inFlight.set((n) => Math.max(0, n - 1)),
  get: inFlight.get,
};

export function useRequestsInFlight(): number {
  return useSyncExternalStore(inFlight.subscribe, inFlight.get, inFlight.get);
}
