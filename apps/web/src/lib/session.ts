// The signed-in session: auth status (spec §3/§4), the access token (memory only, never web storage),
// the user's profile and whom the user works as (from the profile: the server session holds impersonation, issue 14).
// The primary account chosen in the header is the account selection's (lib/account-selection.ts): kept here too, its
// every change rendered the whole page again for nothing (issue 17).
import { useSyncExternalStore } from 'react';
import type { Permission, UserProfile } from '@portal/contracts';
import { sessionStore } from './browser-storage';
import { createStore } from './create-store';

export type AuthStatus = 'Waiting' | 'Authenticated' | 'Failed' | 'LoggedOut' | 'TimedOut' | 'Unauthenticated';

/** The user worked as (access spec §4): the profile is theirs, `impersonated_by` names the person signed in. */
export type Impersonation = { userId: number; name: string };

export type SessionState = {
  status: AuthStatus;
  profile: UserProfile | null;
  impersonation: Impersonation | null;
};

function impersonationOf(profile: UserProfile): Impersonation | null {
  if (!profile.impersonated_by) return null;
  const name = `${profile.first_name} ${profile.last_name}`.trim();
  return { userId: profile.user_id, name: name || profile.login };
}

const store = createStore<SessionState>({
  status: 'Waiting',
  profile: null,
  impersonation: null,
});

// Held in this module only: an XSS payload cannot read it from storage, and a reload asks the server again
// (login-status, backed by the httpOnly refresh cookie).
let accessToken: string | null = null;

export const session = {
  get: store.get,
  subscribe: store.subscribe,
  getAccessToken: (): string | null => accessToken,
  setAccessToken(token: string | null): void {
    accessToken = token;
  },
  /** The profile arrived: the user is signed in. */
  authenticate(profile: UserProfile): void {
    store.set((s) => ({
      ...s,
      status: 'Authenticated',
      profile,
      impersonation: impersonationOf(profile),
    }));
  },
  /** The profile changed (an account linked): keep the chosen account. */
  updateProfile(profile: UserProfile): void {
    store.set((s) => ({ ...s, profile, impersonation: impersonationOf(profile) }));
  },
  setStatus(status: AuthStatus): void {
    store.set((s) => ({ ...s, status }));
  },
  /** spec §4: logout, idle timeout or a refused token: forget the user and clear session storage. */
  end(status: Exclude<AuthStatus, 'Authenticated' | 'Waiting'>): void {
    accessToken = null;
    sessionStore.clearKeepingLastUrl();
    store.set({ status, profile: null, impersonation: null });
  },
};

export function useSession(): SessionState {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

export const isSignedIn = (status: AuthStatus): boolean => status === 'Authenticated';

/** spec §3: third-party users are those with a non-empty third_party_id. */
export const isThirdParty = (profile: UserProfile | null): boolean => Boolean(profile?.third_party_id?.trim());

export const hasPermission = (profile: UserProfile | null, permission: Permission): boolean =>
  profile?.Permissions.includes(permission) ?? false;

/** access spec §2, §4: a self-registered user whose e-mail is not confirmed sees only the waiting page. */
export const isWaitingConfirmation = (profile: UserProfile | null): boolean =>
  profile?.status === 'waiting-confirmation';

export const isInternal = (profile: UserProfile | null): boolean => profile?.user_role === 'internal';
