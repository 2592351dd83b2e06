// What the provider's entry component answers (payment-entry.tsx), whichever provider it is: its own file, so that
// the lazily loaded Stripe component and the entry that loads it share it without importing each other.
import type { FrameResult } from './hosted-frame';

export type EntryResult = FrameResult;

/** What the provider's component does not ask: the holder's name, typed in the portal's own field. */
export type EntryBilling = { name: string };

export type PaymentEntryHandle = {
  /**
   * Shows the component's own messages (number, expiry, security code) beside the form's, without tokenising.
   * `fields` is what the sandbox frame checks with them (its card type and an empty expiry).
   */
  check: (fields: Record<string, string>) => Promise<void>;
  /** Tokenises what was typed. `fields` goes to the sandbox frame; `billing` to Stripe's confirmation. */
  submit: (fields: Record<string, string>, billing: EntryBilling) => Promise<EntryResult>;
};

/** The handle of the Stripe component (stripe-entry.tsx). */
export type ProviderEntryHandle = {
  check: () => Promise<void>;
  submit: (billing: EntryBilling) => Promise<EntryResult>;
};
