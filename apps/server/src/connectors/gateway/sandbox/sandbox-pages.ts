// The sandbox's HTML pages (hosted frame, 3-D Secure challenge), its one script and its style sheet. No inline
// script or style anywhere: the pages run under their own strict CSP (sandbox.routes.ts).
import { currencyDecimals, formatMinorUnits, formatMoney } from '@portal/domain';
import { resolveLanguage, toLocaleTag, translate, type Language } from '@portal/i18n';
import type { sandboxDisputes } from './sandbox.schema';
import type { AccessTokenView } from './sandbox-gateway';
import { SANDBOX_BASE_PATH } from './sandbox-gateway';
import { CHALLENGE_CODE } from './test-numbers';

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

type Page = { language: string; title: string; body: string; script?: boolean };

function page({ language, title, body, script }: Page): string {
  return `<!doctype html>
<html lang="${escapeHtml(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${SANDBOX_BASE_PATH}/frame.css">
</head>
<body>
${body}
${script ? `<script src="${SANDBOX_BASE_PATH}/frame.js"></script>` : ''}
</body>
</html>`;
}

function field(id: string, label: string, attributes: string): string {
  return `<div class="field">
<label for="${id}">${escapeHtml(label)}</label>
<input id="${id}" name="${id}" ${attributes} aria-describedby="${id}_error" required>
<p id="${id}_error" class="error" role="alert"></p>
</div>`;
}

/** The hosted frame: card number and CVV (CC) or the bank account number (EC). */
export function framePage(view: AccessTokenView, portalOrigin: string | null): string {
  const t = (key: string) => translate(resolveLanguage(view.language), undefined, key);
  const fields =
    view.paymentMethod === 'CC'
      ? field(
          'card_number',
          t('payment-methods.frame.card_number'),
          'inputmode="numeric" autocomplete="cc-number" maxlength="19" spellcheck="false"',
        ) +
        field(
          'card_validation_code',
          t('payment-methods.frame.cvv'),
          'inputmode="numeric" autocomplete="cc-csc" maxlength="4" class="short"',
        )
      : field(
          'account_number',
          t('payment-methods.frame.account_number'),
          'inputmode="numeric" autocomplete="off" maxlength="17" spellcheck="false"',
        );
  return page({
    language: view.language,
    title: t('payment-methods.frame.title'),
    script: true,
    body: `<form id="frame-form" novalidate
 data-portal-origin="${escapeHtml(portalOrigin ?? '')}"
 data-access-token="${escapeHtml(view.accessToken)}"
 data-method="${escapeHtml(view.paymentMethod)}"
 data-failed="${escapeHtml(t('payment-methods.frame.failed'))}">
${fields}
<p id="form_error" class="error" role="alert"></p>
<p class="secure">${escapeHtml(t('payment-methods.frame.secure_note'))}</p>
</form>`,
  });
}

/** The issuer's challenge (a stand-in for an ACS page): a one-time code, submit or cancel. */
export function challengePage(view: AccessTokenView): string {
  const t = (key: string, values?: Record<string, string>) =>
    translate(resolveLanguage(view.language), undefined, key, values);
  const amount = view.request.amount ? (Number(view.request.amount) / 100).toFixed(2) : '';
  return page({
    language: view.language,
    title: t('payment-methods.challenge.title'),
    body: `<main class="challenge">
<h1>${escapeHtml(t('payment-methods.challenge.title'))}</h1>
<p>${escapeHtml(t('payment-methods.challenge.intro', { last_four: view.paymentCard?.last_four ?? view.request.payment_card_token?.slice(6, 10) ?? '' }))}</p>
${amount ? `<p>${escapeHtml(t('payment-methods.challenge.amount', { amount }))}</p>` : ''}
<form method="post" action="${SANDBOX_BASE_PATH}/challenge">
<input type="hidden" name="access_token" value="${escapeHtml(view.accessToken)}">
<div class="field">
<label for="code">${escapeHtml(t('payment-methods.challenge.code_label'))}</label>
<input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="8" aria-describedby="code_hint">
<p id="code_hint" class="hint">${escapeHtml(t('payment-methods.challenge.code_hint', { code: CHALLENGE_CODE }))}</p>
</div>
<div class="actions">
<button type="submit" name="outcome" value="submit">${escapeHtml(t('payment-methods.challenge.submit'))}</button>
<button type="submit" name="outcome" value="cancel" class="secondary">${escapeHtml(t('payment-methods.challenge.cancel'))}</button>
</div>
</form>
</main>`,
  });
}

/** Issue 37: a dispute at the sandbox, with its two decisions while evidence is due. */
export function disputePage(dispute: typeof sandboxDisputes.$inferSelect, language: Language): string {
  const t = (key: string, values?: Record<string, string>) =>
    translate(language, undefined, `money-back.sandbox_dispute.${key}`, values);
  const amount = formatMoney(
    formatMinorUnits(dispute.amountMinor, currencyDecimals(dispute.currencyKey)),
    dispute.currencyKey,
    toLocaleTag(language),
  );
  const open = dispute.status === 'needs_response';
  return page({
    language,
    title: t('title'),
    body: `<main class="challenge">
<h1>${escapeHtml(t('title'))}</h1>
<dl>
<dt>${escapeHtml(t('order'))}</dt><dd>${escapeHtml(dispute.orderNumber)}</dd>
<dt>${escapeHtml(t('amount'))}</dt><dd>${escapeHtml(amount)}</dd>
<dt>${escapeHtml(t('reason'))}</dt><dd>${escapeHtml(dispute.reason)}</dd>
<dt>${escapeHtml(t('status'))}</dt><dd>${escapeHtml(t(`statuses.${dispute.status}`))}</dd>
${open ? `<dt>${escapeHtml(t('due'))}</dt><dd>${escapeHtml(dispute.evidenceDueBy.toISOString().slice(0, 10))}</dd>` : ''}
</dl>
${
  open
    ? `<p>${escapeHtml(t('intro'))}</p>
<form method="post" action="${SANDBOX_BASE_PATH}/disputes/${escapeHtml(dispute.id)}">
<div class="actions">
<button type="submit" name="outcome" value="won">${escapeHtml(t('submit_evidence'))}</button>
<button type="submit" name="outcome" value="lost" class="secondary">${escapeHtml(t('accept'))}</button>
</div>
</form>`
    : `<p role="status">${escapeHtml(t(`decided_${dispute.status}`))}</p>`
}
</main>`,
  });
}

export function expiredPage(language: string): string {
  return page({
    language,
    title: translate(resolveLanguage(language), undefined, 'payment-methods.frame.title'),
    body: `<p class="error" role="alert">${escapeHtml(translate(resolveLanguage(language), undefined, 'payment-methods.frame.expired'))}</p>`,
  });
}

export const frameCss = `
*{box-sizing:border-box}
body{margin:0;padding:2px;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;font-size:14px;color:#1a1b1e;background:#fff}
.field{margin-bottom:10px}
label{display:block;font-weight:600;margin-bottom:4px}
input{width:100%;height:36px;padding:0 10px;font:inherit;border:1px solid #8c8f96;border-radius:4px;color:#1a1b1e}
input.short{max-width:120px}
input:focus{outline:2px solid #1c7ed6;outline-offset:1px;border-color:#1c7ed6}
input[aria-invalid=true]{border-color:#c92a2a}
.error{color:#c92a2a;margin:4px 0 0;min-height:0;font-size:13px}
.error:empty{display:none}
.secure,.hint{color:#495057;font-size:12px;margin:4px 0 0}
.challenge{max-width:420px;margin:40px auto;padding:24px;border:1px solid #ced4da;border-radius:8px}
h1{font-size:20px;margin:0 0 12px}
.actions{display:flex;gap:8px;margin-top:12px}
button{height:36px;padding:0 16px;font:inherit;font-weight:600;border-radius:4px;border:1px solid #1864ab;background:#1864ab;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#1864ab}
button:focus{outline:2px solid #1c7ed6;outline-offset:2px}
`;

/**
 * The frame's only script. It talks to the portal by postMessage (only with the portal's origin) and posts the
 * number to the sandbox's own /Ajax endpoint: the portal's scripts never see it.
 */
export const frameJs = `(function () {
  'use strict';
  var form = document.getElementById('frame-form');
  if (!form) return;
  var portalOrigin = form.getAttribute('data-portal-origin') || window.location.origin;
  var accessToken = form.getAttribute('data-access-token');
  var fields = ['card_number', 'card_validation_code', 'account_number', 'form'];
  var number = document.getElementById('card_number');
  if (number) {
    number.addEventListener('input', function () {
      var digits = number.value.replace(/\\D/g, '').slice(0, 16);
      number.value = digits.replace(/(\\d{4})(?=\\d)/g, '$1 ');
    });
  }
  function tell(message) {
    message.source = 'sandbox-gateway';
    window.parent.postMessage(message, portalOrigin);
  }
  function show(errors) {
    var first = null;
    fields.forEach(function (name) {
      var error = document.getElementById(name + '_error');
      var input = document.getElementById(name);
      if (error) error.textContent = errors[name] || '';
      if (input) {
        if (errors[name]) {
          input.setAttribute('aria-invalid', 'true');
          first = first || input;
        } else input.removeAttribute('aria-invalid');
      }
    });
    return first;
  }
  function value(id) {
    var input = document.getElementById(id);
    return input ? input.value : undefined;
  }
  form.addEventListener('submit', function (event) {
    event.preventDefault();
  });
  window.addEventListener('message', function (event) {
    if (event.origin !== portalOrigin || event.source !== window.parent) return;
    var data = event.data || {};
    if (data.type !== 'submit') return;
    var body = {
      access_token: accessToken,
      card_type: data.card_type,
      expiration_month: data.expiration_month,
      expiration_year: data.expiration_year,
      electronic_check_account_type: data.electronic_check_account_type,
      electronic_check_rdfi_number: data.electronic_check_rdfi_number,
      card_number: value('card_number'),
      card_validation_code: value('card_validation_code'),
      account_number: value('account_number')
    };
    fetch('${SANDBOX_BASE_PATH}/Ajax', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'omit',
      cache: 'no-store'
    })
      .then(function (response) { return response.json(); })
      .then(function (answer) {
        var errors = answer.errors || {};
        var first = show(errors);
        if (answer.ok) tell({ type: 'tokenized' });
        else {
          tell({ type: 'invalid', errors: errors });
          if (first) first.focus();
        }
      })
      .catch(function () {
        show({ form: form.getAttribute('data-failed') });
        tell({ type: 'failed' });
      });
  });
  tell({ type: 'ready' });
})();
`;
