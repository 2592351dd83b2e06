// spec §2: the blackout flag is fetched at start and again after the first load, and switches which routes
// exist. The contracts do not define the blackout endpoint yet (configuration issue); until they do the
// portal is never in blackout and this hook is the single place to wire the call in.
export function useBlackoutActive(): boolean {
  return false;
}
