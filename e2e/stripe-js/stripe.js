// A stand-in for Stripe.js (https://js.stripe.com/endive/stripe.js and /v3/) in the browser tests: the calls the portal
// makes, and no more (README.md). Served by route-stripe.ts through Playwright's routing, so the portal's CSP is
// exercised as with the real script: this file from js.stripe.com (script-src), the Payment Element as an iframe on
// js.stripe.com (frame-src), intents read from api.stripe.com (connect-src), the 3-D Secure page on hooks.stripe.com
// (frame-src). The element's frame (elements-inner-payment.js) holds what the payer types and confirms the intent
// itself: no number ever reaches the portal's page, nor this script.
/* global window, document */
(function () {
  'use strict';

  var JS_ORIGIN = 'https://js.stripe.com';
  var API_ORIGIN = 'https://api.stripe.com';
  var HOOKS_ORIGIN = 'https://hooks.stripe.com';
  var FRAME_PATH = '/v3/elements-inner-payment.html';
  var POLL_MS = 400;
  var nextId = 1;

  function unsupported(name) {
    return function () {
      return Promise.reject(
        new Error('The Stripe.js stand-in does not implement ' + name + ' (the portal does not use it).'),
      );
    };
  }

  /** Which intent a client secret belongs to: seti_…_secret_… or pi_…_secret_…. */
  function intentOf(clientSecret) {
    var match = /^((seti|pi)_[A-Za-z0-9]+)_secret_/.exec(String(clientSecret || ''));
    if (!match) return null;
    return { id: match[1], kind: match[2] === 'seti' ? 'setup_intents' : 'payment_intents' };
  }

  function resultKey(kind) {
    return kind === 'setup_intents' ? 'setupIntent' : 'paymentIntent';
  }

  function lastError(intent) {
    return (intent && (intent.last_setup_error || intent.last_payment_error)) || null;
  }

  function integrationError(message) {
    return { error: { type: 'invalid_request_error', message: message } };
  }

  function StripeStandIn(publishableKey, options) {
    if (!(this instanceof StripeStandIn)) return new StripeStandIn(publishableKey, options);
    if (typeof publishableKey !== 'string' || !/^pk_/.test(publishableKey)) {
      throw new Error('Invalid publishable key: ' + String(publishableKey).slice(0, 12));
    }
    this._key = publishableKey;
    this._options = options || {};
  }

  // --- Reading intents from api.stripe.com (from the page, as Stripe.js does: connect-src) ----------------------

  StripeStandIn.prototype._retrieve = function (clientSecret) {
    var intent = intentOf(clientSecret);
    if (!intent) return Promise.resolve(integrationError('Invalid value for clientSecret.'));
    var query = new URLSearchParams({ key: this._key, client_secret: clientSecret });
    return fetch(API_ORIGIN + '/v1/' + intent.kind + '/' + intent.id + '?' + query.toString(), { method: 'GET' })
      .then(function (response) {
        return response.json();
      })
      .then(function (body) {
        if (body && body.error) return { error: body.error };
        var answer = {};
        answer[resultKey(intent.kind)] = body;
        return answer;
      })
      .catch(function (error) {
        return { error: { type: 'api_connection_error', message: String(error) } };
      });
  };

  StripeStandIn.prototype.retrieveSetupIntent = function (clientSecret) {
    return this._retrieve(clientSecret);
  };

  StripeStandIn.prototype.retrievePaymentIntent = function (clientSecret) {
    return this._retrieve(clientSecret);
  };

  // --- 3-D Secure: the double's challenge page in a modal, then the intent read again ---------------------------

  /**
   * The intent waits for the payer (requires_action): the double's page /_double/3ds/<id> in a modal frame on
   * hooks.stripe.com, until the intent leaves requires_action (its Complete and Fail buttons tell the double).
   * Answers as Stripe.js does: the intent, or the error that ended the attempt.
   */
  StripeStandIn.prototype._authenticate = function (clientSecret, intentObject) {
    var intent = intentOf(clientSecret);
    if (!intentObject || intentObject.status !== 'requires_action') {
      var answer = {};
      answer[resultKey(intent.kind)] = intentObject;
      return Promise.resolve(answer);
    }
    return new Promise((resolve) => {
      var modal = openChallenge(intent.id, function cancel() {
        // Closing the modal fails the authentication, as Stripe's own close button does.
        postForm(API_ORIGIN + '/_double/authenticate/' + intent.id, {
          result: 'fail',
          client_secret: clientSecret,
        });
      });
      var timer = null;
      var finished = false;
      var poll = () => {
        this._retrieve(clientSecret).then(function (read) {
          if (finished) return;
          var current = read[resultKey(intent.kind)];
          if (!read.error && current && current.status === 'requires_action') {
            timer = setTimeout(poll, POLL_MS);
            return;
          }
          finished = true;
          clearTimeout(timer);
          window.removeEventListener('message', onDone);
          modal.close();
          if (read.error) return resolve(read);
          var failed = lastError(current);
          if (current.status === 'requires_payment_method' && failed) return resolve({ error: failed });
          var done = {};
          done[resultKey(intent.kind)] = current;
          resolve(done);
        });
      };
      // The double's page says when it is done: read the intent at once rather than at the next poll.
      var onDone = function (event) {
        if (event.origin !== HOOKS_ORIGIN || !event.data || event.data.type !== 'stripe-double-3ds-complete') return;
        window.removeEventListener('message', onDone);
        clearTimeout(timer);
        poll();
      };
      window.addEventListener('message', onDone);
      timer = setTimeout(poll, POLL_MS);
    });
  };

  StripeStandIn.prototype.handleNextAction = function (options) {
    var clientSecret = options && options.clientSecret;
    if (!intentOf(clientSecret)) return Promise.resolve(integrationError('Invalid value for clientSecret.'));
    return this._retrieve(clientSecret).then((read) => {
      if (read.error) return read;
      return this._authenticate(clientSecret, read.setupIntent || read.paymentIntent);
    });
  };

  // --- Confirmation: the element's frame posts the entry to api.stripe.com, the page finishes it ----------------

  StripeStandIn.prototype._confirm = function (kind, options) {
    options = options || {};
    var elements = options.elements;
    var clientSecret = options.clientSecret || (elements && elements._clientSecret);
    var intent = intentOf(clientSecret);
    if (!intent || intent.kind !== kind) return Promise.resolve(integrationError('Invalid value for clientSecret.'));
    var element = elements && elements._paymentElement;
    if (!element || !element._frame) {
      return Promise.resolve(integrationError('A mounted Payment Element is required to confirm.'));
    }
    var confirmParams = options.confirmParams || {};
    if (options.redirect !== 'if_required' && !confirmParams.return_url) {
      return Promise.resolve(integrationError('confirmParams.return_url is required.'));
    }
    return element
      ._request({
        type: 'confirm',
        kind: kind,
        intentId: intent.id,
        clientSecret: clientSecret,
        key: this._key,
        returnUrl: confirmParams.return_url || '',
        paymentMethodData: confirmParams.payment_method_data || {},
      })
      .then((answer) => {
        if (answer.error) return { error: answer.error };
        var confirmed = answer.intent;
        if (confirmed.status === 'requires_action') return this._authenticate(clientSecret, confirmed);
        var failed = lastError(confirmed);
        if (confirmed.status === 'requires_payment_method' && failed) return { error: failed };
        var done = {};
        done[resultKey(kind)] = confirmed;
        return done;
      });
  };

  StripeStandIn.prototype.confirmSetup = function (options) {
    return this._confirm('setup_intents', options);
  };

  StripeStandIn.prototype.confirmPayment = function (options) {
    return this._confirm('payment_intents', options);
  };

  StripeStandIn.prototype.elements = function (options) {
    return new Elements(this, options || {});
  };

  // react-stripe-js checks for these (isStripe) and registers itself; the portal calls none of the others.
  StripeStandIn.prototype.registerAppInfo = function () {};
  StripeStandIn.prototype._registerWrapper = function () {};
  StripeStandIn.prototype.createToken = unsupported('createToken');
  StripeStandIn.prototype.createPaymentMethod = unsupported('createPaymentMethod');
  StripeStandIn.prototype.confirmCardPayment = unsupported('confirmCardPayment');
  StripeStandIn.prototype.confirmCardSetup = unsupported('confirmCardSetup');

  // --- Elements ---------------------------------------------------------------------------------------------

  function Elements(stripe, options) {
    this._stripe = stripe;
    this._clientSecret = options.clientSecret || '';
    this._options = { locale: options.locale || 'auto', appearance: options.appearance || {} };
    this._paymentElement = null;
  }

  Elements.prototype.create = function (type, options) {
    if (type !== 'payment') throw new Error('The Stripe.js stand-in has only the Payment Element, not ' + type + '.');
    if (this._paymentElement) throw new Error('Can only create one Element of type payment.');
    this._paymentElement = new PaymentElement(this, options || {});
    return this._paymentElement;
  };

  Elements.prototype.getElement = function (type) {
    return type === 'payment' ? this._paymentElement : null;
  };

  Elements.prototype.update = function (options) {
    if (options.locale) this._options.locale = options.locale;
    if (options.appearance) this._options.appearance = options.appearance;
    if (this._paymentElement) this._paymentElement._send({ type: 'options', options: this._options });
  };

  Elements.prototype.fetchUpdates = function () {
    return Promise.resolve({});
  };

  /** Checks what was typed; the frame shows its messages in place. */
  Elements.prototype.submit = function () {
    var element = this._paymentElement;
    if (!element || !element._frame) return Promise.resolve(integrationError('No mounted Payment Element.'));
    return element._request({ type: 'validate' }).then(function (answer) {
      return answer.error ? { error: answer.error } : {};
    });
  };

  function PaymentElement(elements, options) {
    this._elements = elements;
    this._options = options;
    this._handlers = {};
    this._frame = null;
    this._pending = {};
    this._id = 'stand-in-' + nextId++;
    this._onMessage = this._receive.bind(this);
  }

  PaymentElement.prototype.on = function (event, handler) {
    (this._handlers[event] = this._handlers[event] || []).push(handler);
    return this;
  };

  PaymentElement.prototype.off = function (event, handler) {
    var list = this._handlers[event] || [];
    this._handlers[event] = handler
      ? list.filter(function (candidate) {
          return candidate !== handler;
        })
      : [];
    return this;
  };

  PaymentElement.prototype._emit = function (event, payload) {
    (this._handlers[event] || []).slice().forEach(function (handler) {
      handler(payload);
    });
  };

  PaymentElement.prototype.mount = function (target) {
    var host = typeof target === 'string' ? document.querySelector(target) : target;
    if (!host) throw new Error('The Payment Element has no place to mount.');
    if (this._frame) this.unmount();
    var config = {
      id: this._id,
      parentOrigin: window.location.origin,
      clientSecret: this._elements._clientSecret,
      key: this._elements._stripe._key,
      elements: this._elements._options,
      element: this._options,
    };
    var frame = document.createElement('iframe');
    frame.name = '__privateStripeFrame' + this._id;
    frame.title = 'Secure payment input frame';
    frame.setAttribute('allowtransparency', 'true');
    frame.setAttribute('scrolling', 'no');
    frame.src = JS_ORIGIN + FRAME_PATH + '#' + encodeURIComponent(JSON.stringify(config));
    frame.style.border = '0';
    frame.style.width = '100%';
    frame.style.height = '1px';
    frame.style.display = 'block';
    frame.style.overflow = 'hidden';
    window.addEventListener('message', this._onMessage);
    host.appendChild(frame);
    this._frame = frame;
    this._emit('loaderstart', { elementType: 'payment' });
  };

  PaymentElement.prototype.unmount = function () {
    window.removeEventListener('message', this._onMessage);
    if (this._frame && this._frame.parentNode) this._frame.parentNode.removeChild(this._frame);
    this._frame = null;
    var pending = this._pending;
    this._pending = {};
    Object.keys(pending).forEach(function (key) {
      pending[key]({ error: { type: 'invalid_request_error', message: 'The Payment Element was unmounted.' } });
    });
  };

  PaymentElement.prototype.destroy = function () {
    this.unmount();
    if (this._elements._paymentElement === this) this._elements._paymentElement = null;
  };

  PaymentElement.prototype.update = function (options) {
    for (var key in options) this._options[key] = options[key];
    this._send({ type: 'element-options', options: this._options });
  };

  PaymentElement.prototype.focus = function () {
    this._send({ type: 'focus' });
  };
  PaymentElement.prototype.blur = function () {};
  PaymentElement.prototype.clear = function () {
    this._send({ type: 'clear' });
  };
  PaymentElement.prototype.collapse = function () {};

  PaymentElement.prototype._send = function (message) {
    if (!this._frame || !this._frame.contentWindow) return;
    message.standIn = this._id;
    this._frame.contentWindow.postMessage(message, JS_ORIGIN);
  };

  /** A question to the frame and its answer (validate, confirm). */
  PaymentElement.prototype._request = function (message) {
    var requestId = 'r' + nextId++;
    return new Promise((resolve) => {
      this._pending[requestId] = resolve;
      message.requestId = requestId;
      this._send(message);
    });
  };

  PaymentElement.prototype._receive = function (event) {
    if (event.origin !== JS_ORIGIN || !this._frame || event.source !== this._frame.contentWindow) return;
    var data = event.data || {};
    if (data.standIn !== this._id) return;
    if (data.type === 'resize') {
      this._frame.style.height = Math.ceil(data.height) + 'px';
    } else if (data.type === 'ready') {
      this._emit('ready', { elementType: 'payment' });
    } else if (data.type === 'loaderror') {
      this._emit('loaderror', { elementType: 'payment', error: data.error });
    } else if (data.type === 'change') {
      this._emit('change', data.event);
    } else if (data.type === 'focus' || data.type === 'blur') {
      this._emit(data.type, { elementType: 'payment' });
    } else if (data.type === 'answer') {
      var resolve = this._pending[data.requestId];
      delete this._pending[data.requestId];
      if (resolve) resolve(data.answer);
    }
  };

  // --- The challenge modal (in the page, as Stripe's own) ------------------------------------------------------

  function openChallenge(intentId, onCancel) {
    var previousFocus = document.activeElement;
    var overlay = document.createElement('div');
    overlay.setAttribute('data-stripe-stand-in', 'three-ds');
    overlay.style.position = 'fixed';
    overlay.style.inset = '0';
    overlay.style.zIndex = '2147483647';
    overlay.style.background = 'rgba(0, 0, 0, 0.55)';
    overlay.style.display = 'flex';
    overlay.style.alignItems = 'center';
    overlay.style.justifyContent = 'center';
    var dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    dialog.setAttribute('aria-label', '3D Secure authentication');
    dialog.style.background = '#ffffff';
    dialog.style.borderRadius = '8px';
    dialog.style.width = 'min(420px, calc(100vw - 24px))';
    dialog.style.maxHeight = 'calc(100vh - 24px)';
    dialog.style.display = 'flex';
    dialog.style.flexDirection = 'column';
    dialog.style.overflow = 'hidden';
    var close = document.createElement('button');
    close.type = 'button';
    close.textContent = 'Close';
    close.setAttribute('aria-label', 'Close 3D Secure authentication');
    close.style.alignSelf = 'flex-end';
    close.style.margin = '8px';
    close.style.padding = '4px 10px';
    close.style.font = 'inherit';
    close.style.color = '#30313d';
    close.style.background = '#ffffff';
    close.style.border = '1px solid #6d6e78';
    close.style.borderRadius = '4px';
    close.style.cursor = 'pointer';
    close.addEventListener('click', onCancel);
    var frame = document.createElement('iframe');
    frame.title = '3D Secure authentication';
    frame.name = '__stripeThreeDs' + intentId;
    // The double's page for the intent (its next_action names it on the double's own address).
    frame.src = HOOKS_ORIGIN + '/_double/3ds/' + encodeURIComponent(intentId);
    frame.style.border = '0';
    frame.style.width = '100%';
    frame.style.height = '420px';
    frame.style.maxHeight = 'calc(100vh - 80px)';
    dialog.appendChild(close);
    dialog.appendChild(frame);
    overlay.appendChild(dialog);
    document.body.appendChild(overlay);
    frame.focus();
    return {
      close: function () {
        if (overlay.parentNode) overlay.parentNode.removeChild(overlay);
        if (previousFocus && typeof previousFocus.focus === 'function') previousFocus.focus();
      },
    };
  }

  function postForm(url, fields) {
    return fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    }).catch(function () {
      // The poll reads the intent's state either way.
    });
  }

  StripeStandIn.version = 'endive';
  window.Stripe = StripeStandIn;
})();
