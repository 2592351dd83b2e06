// spec §2: the guest routes. The 3-D Secure step returns to the form's address with ?id=<access token>.
export const GUEST_PAYMENT_PATH = '/guest-payment/guestpayment';
export const GUEST_PAYMENT_STATUS_PATH = '/guest-payment/guest-payment-status';
