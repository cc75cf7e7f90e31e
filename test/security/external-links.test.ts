/**
 * A link the app opens in the system browser is handed over as the URL that was checked against the allowlist,
 * never as the raw text: a handler that parses `https://www.fda.gov\@evil.com` differently from WHATWG's parser
 * (which turns the backslash into a slash) would otherwise open evil.com.
 */
import { EventEmitter } from 'node:events';
import type { WebContents } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { guardContents } from '../../main/electron/guards.js';

/** A stand-in for Electron's WebContents with the window-open handler slot. */
function fakeContents(): { contents: WebContents; open(url: string): unknown } {
  let openHandler: ((details: { url: string }) => unknown) | undefined;
  const contents = Object.assign(new EventEmitter(), {
    setWindowOpenHandler(handler: (details: { url: string }) => unknown) {
      openHandler = handler;
    },
  });
  return { contents: contents as unknown as WebContents, open: (url) => openHandler?.({ url }) };
}

describe('a link opened in the system browser', () => {
  it.each([
    ['a backslash before an @', 'https://www.fda.gov\\@evil.com', 'https://www.fda.gov/@evil.com'],
    ['a host in capitals', 'https://WWW.FDA.GOV/drugs', 'https://www.fda.gov/drugs'],
    ['dot segments in its path', 'https://www.fda.gov/a/../drugs', 'https://www.fda.gov/drugs'],
  ])('with %s is handed over as the URL that was checked', (_label, raw, checked) => {
    const fake = fakeContents();
    const openExternal = vi.fn();
    guardContents(fake.contents, openExternal);
    expect(fake.open(raw)).toEqual({ action: 'deny' });
    expect(openExternal.mock.calls).toEqual([[checked]]);
  });
});
