// The Maintenance form's rules (access spec §5 "Maintenance form"; issue 15). Run by the Maintenance tab and again
// by the server, which answers 400 naming the fields. Turning the window off skips the checks of what is required
// and of the order of the dates; a date that is no date at all is refused either way, as it cannot be kept (found by
// the contract fuzzing, issue 16: it was a 500).
import type { FieldErrors } from './payment-cards';

export type BlackoutInput = {
  isEnabled: boolean;
  fromUtcDate: string | null;
  toUtcDate: string | null;
  redirectUrl: string;
  messages: readonly { language: string; message: string }[];
};

/** The last instant a date input takes (spec §5: year at most 9999). */
const latest = Date.UTC(9999, 11, 31, 23, 59, 59);

function instant(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? Number.NaN : time;
}

export function validateBlackout(input: BlackoutInput): FieldErrors<keyof BlackoutInput> {
  const errors: FieldErrors<keyof BlackoutInput> = {};
  if (!input.isEnabled) {
    for (const field of ['fromUtcDate', 'toUtcDate'] as const) {
      const time = instant(input[field]);
      if (time !== null && (Number.isNaN(time) || time > latest)) errors[field] = 'validation.blackout.date_invalid';
    }
    return errors;
  }
  if (!input.messages.some((m) => m.message.trim() !== '')) errors.messages = 'validation.blackout.message_required';
  const from = instant(input.fromUtcDate);
  const to = instant(input.toUtcDate);
  if (from === null) errors.fromUtcDate = 'validation.blackout.start_required';
  else if (Number.isNaN(from) || from > latest) errors.fromUtcDate = 'validation.blackout.date_invalid';
  if (to === null) errors.toUtcDate = 'validation.blackout.end_required';
  else if (Number.isNaN(to) || to > latest) errors.toUtcDate = 'validation.blackout.date_invalid';
  else if (from !== null && !Number.isNaN(from) && to <= from)
    errors.toUtcDate = 'validation.blackout.end_before_start';
  const url = input.redirectUrl.trim();
  if (url !== '' && !isWebAddress(url)) errors.redirectUrl = 'validation.blackout.redirect_url_invalid';
  return errors;
}

/** An absolute http or https address (a redirect elsewhere must not be javascript: or a relative path). */
export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Whether the window is on at `now`: enabled, started, not ended. */
export function isBlackoutOn(
  window: { isEnabled: boolean; fromUtcDate: string | null; toUtcDate: string | null },
  now: Date,
): boolean {
  if (!window.isEnabled || !window.fromUtcDate || !window.toUtcDate) return false;
  const at = now.getTime();
  return Date.parse(window.fromUtcDate) <= at && at < Date.parse(window.toUtcDate);
}
