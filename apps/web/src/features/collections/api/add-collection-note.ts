import { addCollectionNote as addRoute, type noteKinds, type TimelineEntry } from '@portal/contracts';
import { call } from '../../../lib/api-client';
import type { AccountRef } from './get-collection-account';

export type NoteKind = (typeof noteKinds)[number];

/** POST /api/collections/accounts/:payer/notes: a note or a call on the account's timeline. */
export function addCollectionNote(account: AccountRef, kind: NoteKind, text: string): Promise<TimelineEntry> {
  return call(addRoute, { company_code: account.companyCode, kind, text }, { params: { payer: account.payer } });
}
