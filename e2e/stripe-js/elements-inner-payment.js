// The stand-in Payment Element's frame (README.md), on https://js.stripe.com/v3/elements-inner-payment.html: the
// fields of the intent's payment method (card; us_bank_account with the ACH mandate; sepa_debit with the SEPA
// mandate), checked as Stripe's element checks them, and the confirmation posted from here to api.stripe.com
// exactly as Stripe.js encodes it. The page's stand-in (stripe.js) only ever hears "valid", "invalid" and the
// intent Stripe answered: what the payer typed never leaves this frame except to api.stripe.com.
/* global window, document, location, ResizeObserver */
(function () {
  'use strict';

  var API_ORIGIN = 'https://api.stripe.com';
  var config = JSON.parse(decodeURIComponent(location.hash.slice(1)));
  var elementOptions = config.element || {};
  var form = document.getElementById('entry');
  var state = { intent: null, types: [], type: null };

  function post(message) {
    message.standIn = config.id;
    window.parent.postMessage(message, config.parentOrigin);
  }

  function intentOf(clientSecret) {
    var match = /^((seti|pi)_[A-Za-z0-9]+)_secret_/.exec(String(clientSecret || ''));
    return match ? { id: match[1], kind: match[2] === 'seti' ? 'setup_intents' : 'payment_intents' } : null;
  }

  // --- What the payer is asked, per payment method ------------------------------------------------------------

  var billingFields = (elementOptions.fields && elementOptions.fields.billingDetails) || {};
  function collects(detail) {
    return billingFields === 'never' ? false : billingFields[detail] !== 'never';
  }
  var business = (elementOptions.business && elementOptions.business.name) || 'the merchant';

  var mandates = {
    us_bank_account:
      'By providing your bank account details, you authorize ' +
      business +
      ' to debit the bank account specified above for any amount owed for charges arising from your use of ' +
      business +
      "'s services and/or purchase of products from " +
      business +
      ', pursuant to ' +
      business +
      "'s website and terms, until this authorization is revoked. You may amend or cancel this authorization at " +
      'any time by providing notice to ' +
      business +
      ' with 30 (thirty) days notice.',
    sepa_debit:
      'By providing your payment information and confirming this payment, you authorise (A) ' +
      business +
      ' and Stripe, our payment service provider, to send instructions to your bank to debit your account and (B) ' +
      'your bank to debit your account in accordance with those instructions. As part of your rights, you are ' +
      'entitled to a refund from your bank under the terms and conditions of your agreement with your bank. A ' +
      'refund must be claimed within 8 weeks starting from the date on which your account was debited. Your rights ' +
      'are explained in a statement that you can obtain from your bank. You agree to receive notifications for ' +
      'future debits up to 2 days before they occur.',
  };

  var labels = { card: 'Card', us_bank_account: 'US bank account', sepa_debit: 'SEPA Direct Debit' };

  /** Each field: its label, how it is typed, and Stripe's own messages when it is incomplete or invalid. */
  function fieldsOf(type) {
    if (type === 'card') {
      return [
        {
          name: 'number',
          label: 'Card number',
          autocomplete: 'cc-number',
          inputmode: 'numeric',
          placeholder: '1234 1234 1234 1234',
          check: function (value) {
            var digits = value.replace(/[\s-]/g, '');
            if (digits === '') return ['incomplete_number', 'Your card number is incomplete.'];
            if (!/^\d{12,19}$/.test(digits) || !luhn(digits)) return ['invalid_number', 'Your card number is invalid.'];
            return null;
          },
        },
        {
          name: 'expiry',
          label: 'Expiration date',
          autocomplete: 'cc-exp',
          inputmode: 'numeric',
          placeholder: 'MM / YY',
          row: 'card-row',
          check: function (value) {
            var match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(value);
            if (!match) return ['incomplete_expiry', "Your card's expiration date is incomplete."];
            var month = Number(match[1]);
            var year = Number(match[2]) < 100 ? 2000 + Number(match[2]) : Number(match[2]);
            if (month < 1 || month > 12) return ['invalid_expiry_month', "Your card's expiration date is invalid."];
            var now = new Date();
            if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1))
              return ['invalid_expiry_year_past', "Your card's expiration date is in the past."];
            return null;
          },
        },
        {
          name: 'cvc',
          label: 'Security code',
          autocomplete: 'cc-csc',
          inputmode: 'numeric',
          placeholder: 'CVC',
          row: 'card-row',
          check: function (value) {
            return /^\d{3,4}$/.test(value.trim())
              ? null
              : ['incomplete_cvc', "Your card's security code is incomplete."];
          },
        },
      ];
    }
    var holder = collects('name')
      ? [
          {
            name: 'name',
            label: 'Full name',
            autocomplete: 'name',
            check: function (value) {
              return value.trim() ? null : ['incomplete_name', 'Your name is incomplete.'];
            },
          },
        ]
      : [];
    var email =
      type === 'sepa_debit' && collects('email')
        ? [
            {
              name: 'email',
              label: 'Email',
              autocomplete: 'email',
              check: function (value) {
                return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim())
                  ? null
                  : ['incomplete_email', 'Your email address is incomplete.'];
              },
            },
          ]
        : [];
    if (type === 'us_bank_account') {
      return holder.concat([
        {
          name: 'routing_number',
          label: 'Routing number',
          inputmode: 'numeric',
          autocomplete: 'off',
          check: function (value) {
            var digits = value.trim();
            if (!/^\d{9}$/.test(digits)) return ['incomplete_routing_number', 'Routing number is incomplete.'];
            return routingChecksum(digits) ? null : ['invalid_routing_number', 'Routing number is invalid.'];
          },
        },
        {
          name: 'account_number',
          label: 'Account number',
          inputmode: 'numeric',
          autocomplete: 'off',
          check: function (value) {
            return /^\d{4,17}$/.test(value.trim())
              ? null
              : ['incomplete_account_number', 'Account number is incomplete.'];
          },
        },
        {
          name: 'account_type',
          label: 'Account type',
          options: [
            ['checking', 'Checking'],
            ['savings', 'Savings'],
          ],
          check: function () {
            return null;
          },
        },
      ]);
    }
    return holder.concat(email, [
      {
        name: 'iban',
        label: 'IBAN',
        autocomplete: 'off',
        placeholder: 'DE00 0000 0000 0000 0000 00',
        check: function (value) {
          var iban = value.replace(/\s/g, '').toUpperCase();
          if (iban.length < 15) return ['incomplete_iban', 'Your IBAN is incomplete.'];
          return ibanChecksum(iban) ? null : ['invalid_iban', 'Your IBAN is invalid.'];
        },
      },
    ]);
  }

  function luhn(digits) {
    var sum = 0;
    for (var i = 0; i < digits.length; i++) {
      var digit = Number(digits[digits.length - 1 - i]);
      if (i % 2 === 1) {
        digit *= 2;
        if (digit > 9) digit -= 9;
      }
      sum += digit;
    }
    return sum % 10 === 0;
  }

  function routingChecksum(digits) {
    var d = digits.split('').map(Number);
    return (3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + (d[2] + d[5] + d[8])) % 10 === 0;
  }

  function ibanChecksum(iban) {
    if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return false;
    var moved = iban.slice(4) + iban.slice(0, 4);
    var remainder = 0;
    for (var i = 0; i < moved.length; i++) {
      var code = moved.charCodeAt(i);
      var value = code >= 65 ? String(code - 55) : moved[i];
      for (var j = 0; j < value.length; j++) remainder = (remainder * 10 + Number(value[j])) % 97;
    }
    return remainder === 1;
  }

  // --- Rendering ----------------------------------------------------------------------------------------------

  var inputs = {};

  function render() {
    form.textContent = '';
    inputs = {};
    if (state.types.length > 1) {
      var tabs = document.createElement('fieldset');
      var legend = document.createElement('legend');
      legend.textContent = 'Payment method';
      tabs.appendChild(legend);
      state.types.forEach(function (type) {
        var tab = document.createElement('label');
        tab.className = 'tab';
        var radio = document.createElement('input');
        radio.type = 'radio';
        radio.name = 'payment-method-type';
        radio.value = type;
        radio.checked = type === state.type;
        radio.addEventListener('change', function () {
          state.type = type;
          render();
          changed();
        });
        var text = document.createElement('span');
        text.textContent = labels[type] || type;
        tab.appendChild(radio);
        tab.appendChild(text);
        tabs.appendChild(tab);
      });
      form.appendChild(tabs);
    }
    var rows = {};
    fieldsOf(state.type).forEach(function (field) {
      var wrapper = document.createElement('div');
      wrapper.className = 'field';
      var id = 'field-' + field.name;
      var label = document.createElement('label');
      label.htmlFor = id;
      label.textContent = field.label;
      var input;
      if (field.options) {
        input = document.createElement('select');
        field.options.forEach(function (option) {
          var element = document.createElement('option');
          element.value = option[0];
          element.textContent = option[1];
          input.appendChild(element);
        });
      } else {
        input = document.createElement('input');
        input.type = 'text';
        if (field.inputmode) input.inputMode = field.inputmode;
        if (field.placeholder) input.placeholder = field.placeholder;
        input.autocomplete = field.autocomplete || 'off';
        input.spellcheck = false;
      }
      input.id = id;
      input.name = field.name;
      var error = document.createElement('p');
      error.className = 'error';
      error.id = id + '-error';
      error.setAttribute('role', 'alert');
      input.addEventListener('input', function () {
        if (input.getAttribute('aria-invalid') === 'true') show(field, input, error);
        changed();
      });
      input.addEventListener('focus', function () {
        post({ type: 'focus' });
      });
      input.addEventListener('blur', function () {
        post({ type: 'blur' });
      });
      wrapper.appendChild(label);
      wrapper.appendChild(input);
      wrapper.appendChild(error);
      inputs[field.name] = { field: field, input: input, error: error };
      if (field.row) {
        if (!rows[field.row]) {
          rows[field.row] = document.createElement('div');
          rows[field.row].className = 'row';
          form.appendChild(rows[field.row]);
        }
        rows[field.row].appendChild(wrapper);
      } else {
        form.appendChild(wrapper);
      }
    });
    var terms = termsOf(state.type);
    if (terms) {
      var paragraph = document.createElement('p');
      paragraph.className = 'terms';
      paragraph.setAttribute('data-testid', 'mandate-text');
      paragraph.textContent = terms;
      form.appendChild(paragraph);
    }
    resize();
  }

  /** The mandate of a bank debit; a card saved for later payments says so too (Stripe's `terms` option). */
  function termsOf(type) {
    var option =
      (elementOptions.terms &&
        elementOptions.terms[
          type === 'us_bank_account' ? 'usBankAccount' : type === 'sepa_debit' ? 'sepaDebit' : 'card'
        ]) ||
      'auto';
    if (option === 'never') return '';
    if (mandates[type]) return mandates[type];
    if (type === 'card' && state.intent && state.intent.object === 'setup_intent')
      return (
        'By providing your card information, you allow ' +
        business +
        ' to charge your card for future payments in accordance with their terms.'
      );
    return '';
  }

  function show(field, input, error) {
    var problem = field.check(input.value);
    input.setAttribute('aria-invalid', problem ? 'true' : 'false');
    if (problem) input.setAttribute('aria-describedby', error.id);
    else input.removeAttribute('aria-describedby');
    error.textContent = problem ? problem[1] : '';
    return problem;
  }

  function validate(showMessages) {
    var first = null;
    Object.keys(inputs).forEach(function (name) {
      var entry = inputs[name];
      var problem = showMessages ? show(entry.field, entry.input, entry.error) : entry.field.check(entry.input.value);
      if (problem && !first) first = { type: 'validation_error', code: problem[0], message: problem[1], param: name };
    });
    resize();
    return first;
  }

  function changed() {
    var empty = Object.keys(inputs).every(function (name) {
      return inputs[name].field.options || inputs[name].input.value.trim() === '';
    });
    post({
      type: 'change',
      event: {
        elementType: 'payment',
        complete: validate(false) === null,
        empty: empty,
        collapsed: false,
        value: { type: state.type },
      },
    });
  }

  function resize() {
    post({ type: 'resize', height: document.documentElement.scrollHeight });
  }

  // --- Appearance: the portal's colours, kept readable (4.5:1 on white) ---------------------------------------

  function luminance(hex) {
    var match = /^#?([0-9a-f]{6})$/i.exec(String(hex || '').trim());
    if (!match) return null;
    var channels = [0, 2, 4].map(function (i) {
      var c = parseInt(match[1].slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
    });
    return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2];
  }

  function readable(color, fallback) {
    var l = luminance(color);
    return l !== null && 1.05 / (l + 0.05) >= 4.5 ? color : fallback;
  }

  function applyAppearance(options) {
    var variables = (options.appearance && options.appearance.variables) || {};
    var root = document.documentElement.style;
    if (variables.colorPrimary) root.setProperty('--color-primary', variables.colorPrimary);
    root.setProperty('--color-text', readable(variables.colorText, '#30313d'));
    root.setProperty('--color-danger', readable(variables.colorDanger, '#b71c1c'));
    if (variables.fontFamily) root.setProperty('--font-family', variables.fontFamily);
    if (variables.borderRadius) root.setProperty('--radius', variables.borderRadius);
  }

  // --- Confirmation, encoded as Stripe.js encodes it ----------------------------------------------------------

  function encode(value, prefix, out) {
    if (value === undefined || value === null) return out;
    if (typeof value === 'object') {
      Object.keys(value).forEach(function (key) {
        encode(value[key], prefix ? prefix + '[' + key + ']' : key, out);
      });
    } else {
      out.append(prefix, String(value));
    }
    return out;
  }

  function value(name) {
    return inputs[name] ? inputs[name].input.value.trim() : '';
  }

  function methodData(fromPage) {
    var billing = Object.assign({}, (fromPage && fromPage.billing_details) || {});
    if (inputs.name) billing.name = value('name');
    if (inputs.email) billing.email = value('email');
    var data = { type: state.type };
    if (state.type === 'card') {
      var expiry = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(value('expiry'));
      data.card = {
        number: value('number').replace(/[\s-]/g, ''),
        cvc: value('cvc'),
        exp_month: expiry ? String(Number(expiry[1])) : '',
        exp_year: expiry ? expiry[2] : '',
      };
    } else if (state.type === 'us_bank_account') {
      data.us_bank_account = {
        routing_number: value('routing_number'),
        account_number: value('account_number'),
        account_type: value('account_type'),
        account_holder_type: 'individual',
      };
    } else {
      data.sepa_debit = { iban: value('iban').replace(/\s/g, '').toUpperCase() };
    }
    if (Object.keys(billing).length > 0) data.billing_details = billing;
    return data;
  }

  function confirm(request) {
    var problem = validate(true);
    if (problem) return Promise.resolve({ error: problem });
    var params = {
      payment_method_data: methodData(request.paymentMethodData),
      expected_payment_method_type: state.type,
      use_stripe_sdk: 'true',
    };
    if (request.returnUrl) params.return_url = request.returnUrl;
    if (state.type !== 'card') {
      // Stripe.js asks Stripe to record the mandate's acceptance from this browser (address and user agent).
      params.mandate_data = { customer_acceptance: { type: 'online', online: { infer_from_client: 'true' } } };
    }
    params.key = request.key;
    params.client_secret = request.clientSecret;
    var body = encode(params, '', new URLSearchParams());
    return fetch(API_ORIGIN + '/v1/' + request.kind + '/' + request.intentId + '/confirm', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
    })
      .then(function (response) {
        return response.json();
      })
      .then(function (answer) {
        return answer && answer.error ? { error: answer.error } : { intent: answer };
      })
      .catch(function (error) {
        return { error: { type: 'api_connection_error', message: String(error) } };
      });
  }

  // --- The page's stand-in talks to this frame --------------------------------------------------------------

  window.addEventListener('message', function (event) {
    if (event.origin !== config.parentOrigin || event.source !== window.parent) return;
    var data = event.data || {};
    if (data.standIn !== config.id) return;
    var answer = function (result) {
      post({ type: 'answer', requestId: data.requestId, answer: result });
    };
    if (data.type === 'validate') {
      var problem = validate(true);
      answer(problem ? { error: problem } : {});
    } else if (data.type === 'confirm') {
      confirm(data).then(answer);
    } else if (data.type === 'options') {
      applyAppearance(data.options);
    } else if (data.type === 'element-options') {
      elementOptions = data.options || {};
    } else if (data.type === 'focus') {
      var first = inputs[Object.keys(inputs)[0]];
      if (first) first.input.focus();
    } else if (data.type === 'clear') {
      Object.keys(inputs).forEach(function (name) {
        if (!inputs[name].field.options) inputs[name].input.value = '';
      });
      changed();
    }
  });

  form.addEventListener('submit', function (event) {
    event.preventDefault();
  });

  // --- Start: which methods does the intent offer? -------------------------------------------------------------

  applyAppearance(config.elements || {});
  if (typeof ResizeObserver === 'function') new ResizeObserver(resize).observe(document.body);
  var intent = intentOf(config.clientSecret);
  var query = new URLSearchParams({ key: config.key, client_secret: config.clientSecret });
  var load = intent
    ? fetch(API_ORIGIN + '/v1/' + intent.kind + '/' + intent.id + '?' + query.toString()).then(function (response) {
        return response.json();
      })
    : Promise.resolve({ error: { type: 'invalid_request_error', message: 'Invalid value for clientSecret.' } });
  load
    .then(function (body) {
      if (!body || body.error) throw body && body.error;
      state.intent = body;
      state.types = (body.payment_method_types || ['card']).filter(function (type) {
        return fieldsOf(type) !== null && (type === 'card' || type === 'us_bank_account' || type === 'sepa_debit');
      });
      state.type = state.types[0] || 'card';
      render();
      post({ type: 'ready' });
    })
    .catch(function (error) {
      post({
        type: 'loaderror',
        error: (error && error.message && error) || { type: 'api_connection_error', message: String(error) },
      });
    });
})();
