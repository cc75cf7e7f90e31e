#!/usr/bin/env node
// `npm start`: the desktop app where Electron's binary exists; otherwise the same app in browser mode. Either way
// the shipped data loads in the background once the app is up, and a new data directory gets the demo profile.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
/** What stops cita: Ctrl+C, `kill`, a closed terminal. Each is passed on, so the app closes cleanly (no running marks left). */
const stopSignals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
const signalNumbers = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 };

function electronBinary() {
  try {
    return require('electron'); // the path of the binary; throws when it was never downloaded
  } catch {
    return null;
  }
}

function run(command, args) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
  // Ctrl+C reaches the child from the terminal as well; it treats the repeat as the same request.
  for (const signal of stopSignals) process.on(signal, () => child.kill(signal));
  // `kill <npm's pid>`: npm passes SIGTERM to the shell that runs this script, and the shell dies without passing it
  // on. Losing our parent is the same request to stop.
  const parent = process.ppid;
  const orphaned = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(orphaned);
    child.kill('SIGTERM');
  }, 250);
  child.on('exit', (code, signal) => {
    clearInterval(orphaned);
    process.exit(signal ? 128 + (signalNumbers[signal] ?? 0) : (code ?? 0));
  });
}

const binary = electronBinary();
if (binary) {
  run(binary, ['.']);
} else {
  const cita = fileURLToPath(new URL('./cita.mjs', import.meta.url));
  process.stderr.write("cita: Electron's binary is not installed here (npm install could not download it); starting the app in browser mode.\n");
  run(process.execPath, [cita, 'serve', '--seed', ...process.argv.slice(2)]);
}
