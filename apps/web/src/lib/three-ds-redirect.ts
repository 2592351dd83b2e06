// spec §7: the provider's /Cardinal3DSWithToken is reached by a top-level form post, as with a real ACS; the
// provider then sends the browser back to the redirect_uri with ?id=<access token>.
export function postToThreeDs(url: string, accessToken: string): void {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = url;
  const input = document.createElement('input');
  input.type = 'hidden';
  input.name = 'access_token';
  input.value = accessToken;
  form.append(input);
  document.body.append(form);
  form.submit();
}
