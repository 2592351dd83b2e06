// Retries a unit of database work that PostgreSQL aborted because of a concurrent one: serialization_failure
// (40001) and deadlock_detected (40P01). The work must be safe to run again (a posting idempotent by its reference).
const retryableCodes = new Set(['40001', '40P01']);

export function isRetryableConflict(error: unknown): boolean {
  for (let current = error as { code?: string; cause?: unknown } | undefined; current;) {
    if (current.code && retryableCodes.has(current.code)) return true;
    current = current.cause as typeof current;
  }
  return false;
}

export async function retryOnConflict<T>(work: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isRetryableConflict(error)) throw error;
      // Jittered back-off so that the two sides of a deadlock do not meet again at once.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}
