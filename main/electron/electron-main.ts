import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { app, BrowserWindow, ipcMain, protocol, session, shell } from 'electron';
import { createServices } from '../app/bootstrap.js';
import { contentSecurityPolicy } from '../app/content-security-policy.js';
import { seedShippedData } from '../app/seed.js';
import { packageRoot } from '../paths.js';
import { forwardEvents, registerIpc } from './ipc-bridge.js';
import { appOrigin, isAllowedExternalUrl, isAppUrl } from './link-policy.js';
import { secureWebPreferences } from './window-options.js';

// The Electron shell stays thin: every capability lives in main/ services that also run as plain Node.
protocol.registerSchemesAsPrivileged([{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } }]);

const mimeTypes: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.png': 'image/png' };

async function main(): Promise<void> {
  await app.whenReady();
  const rendererDir = join(packageRoot(), 'dist', 'renderer');
  protocol.handle('app', async (request) => {
    const { pathname } = new URL(request.url);
    const file = normalize(join(rendererDir, pathname === '/' ? 'index.html' : decodeURIComponent(pathname)));
    if (!file.startsWith(rendererDir + sep)) return new Response('Not found', { status: 404 });
    try {
      return new Response(await readFile(file), {
        headers: { 'Content-Type': mimeTypes[extname(file)] ?? 'application/octet-stream', 'Content-Security-Policy': contentSecurityPolicy },
      });
    } catch {
      return new Response('Not found', { status: 404 });
    }
  });
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);

  const services = await createServices({ dataDir: app.getPath('userData') });
  // The shipped data is loaded on every start; seeding is idempotent and leaves user data alone.
  await seedShippedData(services, { demo: false });
  registerIpc(ipcMain, services.dispatcher);

  const window = new BrowserWindow({
    width: 1280,
    height: 860,
    show: false,
    webPreferences: secureWebPreferences(join(packageRoot(), 'dist', 'main', 'electron', 'preload.cjs')),
  });
  forwardEvents(services.events, window.webContents);
  window.webContents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  window.webContents.setWindowOpenHandler(({ url }) => {
    if (isAllowedExternalUrl(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  window.webContents.on('will-attach-webview', (event) => event.preventDefault());
  window.once('ready-to-show', () => window.show());
  await window.loadURL(`${appOrigin}/index.html`);

  app.on('window-all-closed', () => {
    void services.close().then(() => app.quit());
  });
}

void main();
