// spec §4: 3-D Secure leaves the page (the provider's challenge) and comes back with ?id=. What the card dialog
// knew is kept in session storage across the redirect: the tokenised card (token, brand, last four, expiry; never
// a number), the name and the save and default choices.
import type { PayerData, PaymentCard } from '@portal/contracts';

const key = 'portal.paymentMethods.pending3ds';

export type PendingThreeDs = { accessToken: string; payer: PayerData; card: PaymentCard };

export const pendingThreeDs = {
  save(pending: PendingThreeDs): void {
    try {
      window.sessionStorage.setItem(key, JSON.stringify(pending));
    } catch {
      // storage full or disabled: the return then reports the card as not saved
    }
  },
  take(accessToken: string): PendingThreeDs | null {
    try {
      const raw = window.sessionStorage.getItem(key);
      window.sessionStorage.removeItem(key);
      const pending = raw ? (JSON.parse(raw) as PendingThreeDs) : null;
      return pending?.accessToken === accessToken ? pending : null;
    } catch {
      return null;
    }
  },
};

export { postToThreeDs } from '../../../lib/three-ds-redirect';
