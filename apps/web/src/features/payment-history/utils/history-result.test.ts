import { describe, expect, it } from 'vitest';
import { historyResultOf } from './history-result';

describe('historyResultOf', () => {
  it('reads S as a success and E as an error, as the spec does', () => {
    expect(historyResultOf({ message_type: 'S', message_line_string: '' })).toBe('success');
    expect(historyResultOf({ message_type: 'E', message_line_string: 'Payment declined: do_not_honor' })).toBe('error');
  });

  it('tells a failed authentication from another decline', () => {
    expect(
      historyResultOf({ message_type: 'E', message_line_string: 'Payment declined: authentication_required' }),
    ).toBe('authentication_failed');
    expect(
      historyResultOf({
        message_type: 'E',
        message_line_string: 'Payment declined: payment_intent_authentication_failure',
      }),
    ).toBe('authentication_failed');
  });
});
