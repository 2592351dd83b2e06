// The worker count (issue 17): --workers N, WEB_CONCURRENCY, one per core on PostgreSQL, one for the embedded
// database, which refuses more with what to do instead.
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const postgres = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/portal' };

describe('workers', () => {
  it('runs one per core on PostgreSQL, and one on the embedded database', () => {
    expect(loadConfig(postgres, [], {}).workers).toBe(os.availableParallelism());
    expect(loadConfig({}, [], {}).workers).toBe(1);
  });

  it('takes --workers before WEB_CONCURRENCY', () => {
    expect(loadConfig({ ...postgres, WEB_CONCURRENCY: '3' }, [], {}).workers).toBe(3);
    expect(loadConfig({ ...postgres, WEB_CONCURRENCY: '3' }, ['--workers', '5'], {}).workers).toBe(5);
  });

  it('refuses more than one worker on the embedded database, saying what to do', () => {
    expect(() => loadConfig({ WEB_CONCURRENCY: '2' }, [], {})).toThrow(/need PostgreSQL.*Set DATABASE_URL/s);
    expect(() => loadConfig({}, ['--workers', '4'], {})).toThrow(/embedded database \(PGlite\) runs in one process/);
    expect(loadConfig({ WEB_CONCURRENCY: '1' }, [], {}).workers).toBe(1);
  });

  it('refuses a worker count that is not a whole number from 1 to 256', () => {
    expect(() => loadConfig(postgres, ['--workers', 'many'], {})).toThrow(/--workers/);
    expect(() => loadConfig(postgres, ['--workers', '0'], {})).toThrow(/--workers/);
    expect(() => loadConfig({ ...postgres, WEB_CONCURRENCY: '0' }, [], {})).toThrow(/WEB_CONCURRENCY/);
  });
});

// Issue 27: `PORT=8080 npm start` announced and mailed http://localhost:3000.
describe('PUBLIC_URL', () => {
  it('follows PORT when it is not set', () => {
    expect(loadConfig({}, [], {}).PUBLIC_URL).toBe('http://localhost:3000');
    expect(loadConfig({}, [], { PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(loadConfig({}, [], { PORT: '8080', PUBLIC_URL: '' }).PUBLIC_URL).toBe('http://localhost:8080');
  });

  it('is taken as given when set, whatever PORT is', () => {
    const config = loadConfig({}, [], { PORT: '8080', PUBLIC_URL: 'https://portal.example.com' });
    expect(config.PUBLIC_URL).toBe('https://portal.example.com');
    expect(config.cookieSecure).toBe(true);
    expect(loadConfig({}, [], { PORT: '8080' }).cookieSecure).toBe(false);
  });

  it('still refuses an address that is not a URL', () => {
    expect(() => loadConfig({}, [], { PUBLIC_URL: 'portal.example.com' })).toThrow(/PUBLIC_URL/);
  });
});
