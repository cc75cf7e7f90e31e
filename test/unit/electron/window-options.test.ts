import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../../main/app/content-security-policy.js';
import { isAllowedExternalUrl, isAppUrl, isTrustedSender } from '../../../main/electron/link-policy.js';
import { secureWebPreferences } from '../../../main/electron/window-options.js';

describe('the renderer window', () => {
  it('is isolated, sandboxed and without Node', () => {
    const preferences = secureWebPreferences('/app/preload.cjs');
    expect(preferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      preload: '/app/preload.cjs',
    });
  });

  it('has a CSP without inline or eval scripts and with no framing', () => {
    expect(contentSecurityPolicy).toContain("default-src 'none'");
    expect(contentSecurityPolicy).toContain("script-src 'self'");
    expect(contentSecurityPolicy).not.toMatch(/unsafe-(inline|eval)/);
    expect(contentSecurityPolicy).toContain("frame-ancestors 'none'");
  });
});

describe('navigation and links', () => {
  it('keeps in-window navigation inside the app', () => {
    expect(isAppUrl('app://cita/index.html')).toBe(true);
    expect(isAppUrl('https://medlineplus.gov/')).toBe(false);
    expect(isAppUrl('file:///etc/passwd')).toBe(false);
    expect(isAppUrl('not a url')).toBe(false);
  });

  it('opens only allowlisted https hosts, compared exactly', () => {
    const allow = ['example.com'];
    expect(isAllowedExternalUrl('https://example.com/page', allow)).toBe(true);
    expect(isAllowedExternalUrl('https://example.com.attacker.com/', allow)).toBe(false);
    expect(isAllowedExternalUrl('https://attacker.com/example.com', allow)).toBe(false);
    expect(isAllowedExternalUrl('https://user@example.com/', allow)).toBe(false);
    expect(isAllowedExternalUrl('http://example.com/', allow)).toBe(false);
    expect(isAllowedExternalUrl('javascript:alert(1)', allow)).toBe(false);
    expect(isAllowedExternalUrl('https://medlineplus.gov/druginfo/meds/a682277.html')).toBe(true);
  });

  it('answers IPC only from the app top frame', () => {
    expect(isTrustedSender('app://cita/index.html', true)).toBe(true);
    expect(isTrustedSender('app://cita/index.html', false)).toBe(false);
    expect(isTrustedSender('https://evil.example/', true)).toBe(false);
    expect(isTrustedSender(undefined, true)).toBe(false);
  });
});
