#!/usr/bin/env node
// `npm start`: the desktop app where Electron's binary exists; otherwise the same app in browser mode.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);

function electronBinary() {
  try {
    return require('electron'); // the path of the binary; throws when it was never downloaded
  } catch {
    return null;
  }
}

function run(command, args) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
  child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 0)));
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
}

const binary = electronBinary();
if (binary) {
  run(binary, ['.']);
} else {
  const cita = fileURLToPath(new URL('./cita.mjs', import.meta.url));
  process.stderr.write('Electron is not installed on this machine (ELECTRON_SKIP_BINARY_DOWNLOAD); starting cita in browser mode instead.\n');
  run(process.execPath, [cita, 'serve', '--seed', ...process.argv.slice(2)]);
}
