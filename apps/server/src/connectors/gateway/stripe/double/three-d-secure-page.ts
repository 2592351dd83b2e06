// The issuer's challenge page, as the double plays it: "Complete" and "Fail" buttons that post to
// /_double/authenticate/<intent>. Like Stripe's hosted page, it knows the intent it authenticates (the page embeds
// the client secret: whoever holds the next_action URL already holds the intent). When it ends, it tells the
// window that opened it (postMessage, for a Stripe.js stand-in) and, after a redirect_to_url, returns the browser
// to the return_url with Stripe's query parameters.

export type ChallengePage = {
  intentId: string;
  kind: 'payment_intent' | 'setup_intent';
  clientSecret: string;
  status: string;
  amount: number | null;
  currency: string | null;
  /** Set when the intent asked for redirect_to_url. */
  returnUrl: string | null;
};

export function renderChallengePage(page: ChallengePage): string {
  const waiting = page.status === 'requires_action';
  const amount =
    page.amount !== null && page.currency
      ? `${(page.amount / 100).toFixed(2)} ${page.currency.toUpperCase()}`
      : 'a saved card';
  const data = scriptJson({
    intentId: page.intentId,
    kind: page.kind,
    clientSecret: page.clientSecret,
    returnUrl: page.returnUrl,
  });
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>3D Secure test page (Stripe double)</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 28rem; margin: 2rem auto; padding: 0 1rem; color: #1a1f36; }
  .buttons { display: flex; gap: 1rem; margin-top: 1.5rem; }
  button { font-size: 1rem; padding: 0.6rem 1.4rem; border-radius: 6px; border: 1px solid #635bff; cursor: pointer; }
  #complete { background: #635bff; color: #fff; }
  #fail { background: #fff; color: #635bff; }
</style>
</head>
<body>
<h1>3D Secure test page</h1>
<p>This page stands in for the card issuer's authentication (Stripe double).</p>
<p>Authenticate ${escapeHtml(amount)} for <code>${escapeHtml(page.intentId)}</code>?</p>
${
  waiting
    ? `<div class="buttons"><button id="complete" type="button">Complete</button><button id="fail" type="button">Fail</button></div>`
    : `<p>Nothing to authenticate: the ${page.kind === 'payment_intent' ? 'PaymentIntent' : 'SetupIntent'} is ${escapeHtml(page.status)}.</p>`
}
<p id="result" role="status"></p>
<script>
  const page = ${data};
  async function finish(result) {
    for (const button of document.querySelectorAll('button')) button.disabled = true;
    const response = await fetch('/_double/authenticate/' + encodeURIComponent(page.intentId), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ result: result, client_secret: page.clientSecret }),
    });
    const answer = await response.json();
    const intent = answer.error ? (answer.error.payment_intent || answer.error.setup_intent) : answer;
    const status = intent ? intent.status : 'error';
    document.getElementById('result').textContent = 'Authentication ' + (result === 'succeed' ? 'completed' : 'failed') + ': ' + status + '.';
    const message = { type: 'stripe-double-3ds-complete', intent: page.intentId, result: result, status: status };
    if (window.parent !== window) window.parent.postMessage(message, '*');
    if (window.opener) window.opener.postMessage(message, '*');
    if (page.returnUrl) {
      const target = new URL(page.returnUrl);
      const prefix = page.kind === 'payment_intent' ? 'payment_intent' : 'setup_intent';
      target.searchParams.set(prefix, page.intentId);
      target.searchParams.set(prefix + '_client_secret', page.clientSecret);
      target.searchParams.set('redirect_status', status === 'succeeded' || status === 'processing' ? 'succeeded' : 'failed');
      window.location.assign(target.toString());
    }
  }
  for (const [id, result] of [['complete', 'succeed'], ['fail', 'fail']]) {
    const button = document.getElementById(id);
    if (button) button.addEventListener('click', () => void finish(result));
  }
</script>
</body>
</html>
`;
}

export function renderMandatePage(mandateId: string, status: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Mandate ${escapeHtml(mandateId)} (Stripe double)</title></head>
<body><h1>Direct debit mandate</h1><p><code>${escapeHtml(mandateId)}</code> is ${escapeHtml(status)}.</p>
<p>A stand-in for the mandate page Stripe hosts for SEPA Direct Debit.</p></body></html>
`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** JSON safe inside a <script> element: no `</script>` or comment openers can close it early. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}
