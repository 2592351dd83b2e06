// Files the user downloads or opens: blob object URLs are revoked after 40 s (spec §4 "Loading counter").
import { log } from './log';

export const BLOB_URL_LIFETIME_MS = 40_000;

/** Saves a Blob under a file name (an <a download> click), then forgets its object URL after 40 s. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), BLOB_URL_LIFETIME_MS);
}

/**
 * Opens a tab synchronously (inside the click, so pop-up blockers allow it) and returns a function that points it
 * at the URL once the server has answered; `cancel` closes it again when the call failed.
 */
export function openPendingTab(): { navigate: (url: string) => void; cancel: () => void } {
  const tab = window.open('', '_blank');
  return {
    navigate(url) {
      if (tab && !tab.closed) {
        // The PDF page must not reach back into the portal.
        tab.opener = null;
        tab.location.replace(url);
      } else {
        const opened = window.open(url, '_blank', 'noopener');
        if (!opened) log.warn('The PDF tab was blocked by the browser');
      }
    },
    cancel() {
      tab?.close();
    },
  };
}
