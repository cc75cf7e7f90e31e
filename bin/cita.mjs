#!/usr/bin/env node
// The `cita` command: runs the compiled CLI (npm install builds it; so does `npm run build`).
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const entry = fileURLToPath(new URL('../dist/main/cli/run.js', import.meta.url));
if (!existsSync(entry)) {
  process.stderr.write('cita: the app is not built yet; run "npm run build" in the cita folder.\n');
  process.exit(1);
}
await import(pathToFileURL(entry).href);
