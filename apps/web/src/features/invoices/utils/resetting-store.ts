import { accountSelection } from '../../../lib/account-selection';
import { createStore, type Store } from '../../../lib/create-store';

/**
 * A store of filters that returns to its initial value whenever the primary account or payer is switched
 * (spec §4: "clears ... all search filters").
 */
export function createResettingStore<T>(initial: () => T): Store<T> {
  const store = createStore<T>(initial());
  let lastSwitch = accountSelection.get().switchCount;
  accountSelection.subscribe(() => {
    const { switchCount } = accountSelection.get();
    if (switchCount === lastSwitch) return;
    lastSwitch = switchCount;
    store.set(initial());
  });
  return store;
}
