import type { UserProfile } from '@portal/contracts';
import { hasPermission, isInternal } from '../../../lib/session';

/**
 * spec §6: users without CanMakePayment see no selection; internal users see no pay controls on the list.
 * `disabled` (company code flagged disable_payments) keeps the controls visible but greyed out (spec §2).
 */
export function showsPayControls(profile: UserProfile | null): boolean {
  return hasPermission(profile, 'CanMakePayment') && !isInternal(profile);
}
