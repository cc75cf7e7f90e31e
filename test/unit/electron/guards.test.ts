import { EventEmitter } from 'node:events';
import type { Session, WebContents } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { denyAllPermissions, guardContents, resolveAppFile, windowOpenDecision } from '../../../main/electron/guards.js';

/** A stand-in for Electron's WebContents: an event emitter plus the window-open handler slot. */
function fakeContents() {
  const emitter = new EventEmitter();
  let openHandler: ((details: { url: string }) => { action: string }) | undefined;
  const contents = Object.assign(emitter, {
    setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
      openHandler = handler;
    },
  });
  return {
    contents: contents as unknown as WebContents,
    /** Emits a navigation-like event; returns whether the guard prevented it. */
    fire(event: string, url: string): boolean {
      const prevented = { value: false };
      const details = { url, preventDefault: () => (prevented.value = true) };
      emitter.emit(event, details, url);
      return prevented.value;
    },
    open: (url: string) => openHandler?.({ url }),
  };
}

describe('navigation guards on every web contents', () => {
  const foreign = ['https://evil.example/', 'file:///etc/passwd', 'http://127.0.0.1:4780/', 'app://other/index.html', 'javascript:alert(1)', 'data:text/html,<script>1</script>'];

  it.each(['will-navigate', 'will-frame-navigate', 'will-redirect'])('%s stays inside app://cita', (event) => {
    const fake = fakeContents();
    guardContents(fake.contents, () => undefined);
    expect(fake.fire(event, 'app://cita/index.html#/foods')).toBe(false);
    for (const url of foreign) expect(fake.fire(event, url)).toBe(true);
  });

  it('never attaches a webview', () => {
    const fake = fakeContents();
    guardContents(fake.contents, () => undefined);
    expect(fake.fire('will-attach-webview', 'app://cita/index.html')).toBe(true);
  });
});

describe('new windows', () => {
  it('are always denied; an allowlisted https link opens in the system browser instead', () => {
    const fake = fakeContents();
    const openExternal = vi.fn();
    guardContents(fake.contents, openExternal);
    expect(fake.open('https://medlineplus.gov/druginfo/meds/a682277.html')).toEqual({ action: 'deny' });
    expect(openExternal).toHaveBeenCalledWith('https://medlineplus.gov/druginfo/meds/a682277.html');
  });

  it.each([
    'https://medlineplus.gov.attacker.com/',
    'https://attacker.com/medlineplus.gov',
    'http://medlineplus.gov/',
    'https://medlineplus.gov@attacker.com/',
    'https://medlineplus.gov:8443/',
    'file:///etc/passwd',
    'app://cita/index.html',
    'javascript:alert(1)',
  ])('refuses to open %s anywhere', (url) => {
    const fake = fakeContents();
    const openExternal = vi.fn();
    guardContents(fake.contents, openExternal);
    expect(fake.open(url)).toEqual({ action: 'deny' });
    expect(openExternal).not.toHaveBeenCalled();
    expect(windowOpenDecision(url)).toEqual({ action: 'deny', openExternally: false });
  });
});

describe('permissions', () => {
  it('refuses every permission request and check, every device and every download', () => {
    const handlers: Record<string, (...args: unknown[]) => unknown> = {};
    const emitter = new EventEmitter();
    const session = Object.assign(emitter, {
      setPermissionRequestHandler: (handler: (...args: unknown[]) => unknown) => (handlers.request = handler),
      setPermissionCheckHandler: (handler: (...args: unknown[]) => unknown) => (handlers.check = handler),
      setDevicePermissionHandler: (handler: (...args: unknown[]) => unknown) => (handlers.device = handler),
    }) as unknown as Session;
    denyAllPermissions(session);
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'fileSystem']) {
      const callback = vi.fn();
      handlers.request?.({}, permission, callback, {});
      expect(callback).toHaveBeenCalledWith(false);
      expect(handlers.check?.({}, permission, 'app://cita', {})).toBe(false);
    }
    expect(handlers.device?.({ deviceType: 'usb' })).toBe(false);
    const download = { preventDefault: vi.fn() };
    emitter.emit('will-download', download, {}, {});
    expect(download.preventDefault).toHaveBeenCalled();
  });
});

describe('the app:// protocol', () => {
  const root = '/opt/cita/dist/renderer';

  it('serves files of the built renderer', () => {
    expect(resolveAppFile(root, 'app://cita/')).toBe(`${root}/index.html`);
    expect(resolveAppFile(root, 'app://cita/assets/index-1.js')).toBe(`${root}/assets/index-1.js`);
  });

  it.each([
    ['a parent-folder escape', 'app://cita/../../../etc/passwd'],
    ['an encoded parent-folder escape', 'app://cita/%2e%2e/%2e%2e/etc/passwd'],
    ['an encoded slash escape', 'app://cita/..%2F..%2Fpackage.json'],
    ['an encoded backslash escape', 'app://cita/..%5C..%5Cpackage.json'],
  ])('never leaves the renderer folder for %s', (_label, url) => {
    const file = resolveAppFile(root, url);
    if (file !== null) expect(file.startsWith(`${root}/`)).toBe(true);
  });

  it.each([
    ['an encoded slash escape', 'app://cita/..%2F..%2Fpackage.json'],
    ['a NUL byte', 'app://cita/index.html%00.png'],
    ['broken percent-encoding', 'app://cita/%E0%A4%A'],
    ['another host', 'app://evil/index.html'],
    ['another scheme', 'file:///opt/cita/dist/renderer/index.html'],
  ])('refuses %s', (_label, url) => {
    expect(resolveAppFile(root, url)).toBeNull();
  });
});
