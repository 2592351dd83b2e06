// Bumped by the API client when a call answers 503 MAINTENANCE: the maintenance status is read again at once and
// the routes switch to the blackout page (lib/blackout.ts).
import { createStore } from './create-store';

export const maintenanceSignal = createStore(0);
