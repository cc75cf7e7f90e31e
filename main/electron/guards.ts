import { join, normalize, sep } from 'node:path';
import type { Session, WebContents } from 'electron';
import { allowedExternalUrl, appOrigin, isAppUrl } from './link-policy.js';

/**
 * What a window-open request becomes: never a new Electron window; an allowlisted link opens in the system browser,
 * as the normalised URL that was checked (`url`), never the raw text.
 */
export function windowOpenDecision(url: string): { action: 'deny'; openExternally: false } | { action: 'deny'; openExternally: true; url: string } {
  const allowed = allowedExternalUrl(url);
  return allowed === null ? { action: 'deny', openExternally: false } : { action: 'deny', openExternally: true, url: allowed };
}

/**
 * Holds any web contents (the window, and anything else Electron creates) to the app: navigation, redirects and
 * frame navigation stay inside `app://cita`, new windows are refused (allowlisted links go to the system browser),
 * and webviews are never attached.
 */
export function guardContents(contents: WebContents, openExternal: (url: string) => void): void {
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-frame-navigate', (event) => {
    if (!isAppUrl(event.url)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.setWindowOpenHandler(({ url }) => {
    const decision = windowOpenDecision(url);
    if (decision.openExternally) openExternal(decision.url);
    return { action: decision.action };
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/** The renderer needs no camera, microphone, notifications, devices or downloads: every request is refused. */
export function denyAllPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
  session.on('will-download', (event) => event.preventDefault());
}

/**
 * The file an `app://cita/...` request may read: inside the built renderer only. Anything else (another host,
 * a path escaping the folder, broken percent-encoding) is null, answered 404.
 */
export function resolveAppFile(rendererDir: string, requestUrl: string): string | null {
  let parsed: URL;
  let pathname: string;
  try {
    parsed = new URL(requestUrl);
    pathname = decodeURIComponent(parsed.pathname);
  } catch {
    return null;
  }
  if (`${parsed.protocol}//${parsed.host}` !== appOrigin) return null;
  const root = normalize(rendererDir);
  const file = normalize(join(root, pathname === '/' ? 'index.html' : pathname));
  return file.startsWith(root + sep) && !file.includes('\0') ? file : null;
}
