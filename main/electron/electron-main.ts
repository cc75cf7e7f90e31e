import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { app, BrowserWindow, ipcMain, protocol, safeStorage, session, shell } from 'electron';
import { createServices } from '../app/bootstrap.js';
import { contentSecurityPolicy } from '../app/content-security-policy.js';
import { seedShippedData } from '../app/seed.js';
import { listenForShutdown } from '../app/shutdown-signals.js';
import { packageRoot } from '../paths.js';
import { denyAllPermissions, guardContents, resolveAppFile } from './guards.js';
import { forwardEvents, registerIpc } from './ipc-bridge.js';
import { appOrigin } from './link-policy.js';
import { createSafeStorageSecretStore } from './safe-storage-secrets.js';
import { secureWebPreferences } from './window-options.js';

// The Electron shell stays thin: every capability lives in main/ services that also run as plain Node, and every
// decision it makes is a function of guards.ts, link-policy.ts or ipc-bridge.ts with its own test.
protocol.registerSchemesAsPrivileged([{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } }]);
app.enableSandbox();
const openExternal = (url: string) => void shell.openExternal(url);
// Every web contents Electron creates (not only our window) gets the same navigation and window guards.
app.on('web-contents-created', (_event, contents) => guardContents(contents, openExternal));
// A signal quits the way closing the window does (see 'before-quit' below).
listenForShutdown({ onSignal: () => app.quit() });

const mimeTypes: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.png': 'image/png' };

async function main(): Promise<void> {
  await app.whenReady();
  const rendererDir = join(packageRoot(), 'dist', 'renderer');
  protocol.handle('app', async (request) => {
    const file = resolveAppFile(rendererDir, request.url);
    if (file === null) return new Response('Not found', { status: 404 });
    try {
      return new Response(await readFile(file), {
        headers: { 'Content-Type': mimeTypes[extname(file)] ?? 'application/octet-stream', 'Content-Security-Policy': contentSecurityPolicy },
      });
    } catch {
      return new Response('Not found', { status: 404 });
    }
  });
  denyAllPermissions(session.defaultSession);

  const dataDir = app.getPath('userData');
  // API keys go through the OS keychain (safeStorage), never a plain file.
  const secrets = createSafeStorageSecretStore({ safeStorage, file: join(dataDir, 'secrets.safe.json') });
  const services = await createServices({ dataDir, secrets });
  registerIpc(ipcMain, services.dispatcher);

  const window = new BrowserWindow({
    width: 1280,
    height: 860,
    show: false,
    webPreferences: secureWebPreferences(join(packageRoot(), 'dist', 'main', 'electron', 'preload.cjs')),
  });
  forwardEvents(services.events, window.webContents);
  window.once('ready-to-show', () => window.show());
  await window.loadURL(`${appOrigin}/index.html`);
  // The shipped data is loaded on every start, after the window is up, and the demo profile on the first start of a
  // new data directory: seeding is idempotent, leaves user data alone, and its embedding reports progress to the
  // Index status screen like any re-embed.
  const stopping = new AbortController();
  const seeding = seedShippedData(services, { demo: 'first-run', signal: stopping.signal }).catch((error: unknown) => console.error(`cita: loading the shipped data failed: ${String(error)}`));

  // Quitting (last window closed, or SIGINT/SIGTERM/SIGHUP from a terminal or `npm start`) closes the services
  // first, so the database is closed cleanly and the running mark removed; Electron's default would just exit.
  let state: 'open' | 'closing' | 'closed' = 'open';
  app.on('before-quit', (event) => {
    if (state === 'closed') return;
    event.preventDefault();
    if (state === 'closing') return; // a second Ctrl+C or Cmd+Q while closing
    state = 'closing';
    stopping.abort();
    void seeding
      .then(() => services.close())
      .finally(() => {
        state = 'closed';
        app.quit();
      });
  });
  app.on('window-all-closed', () => app.quit());
}

void main();
