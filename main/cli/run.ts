import { runCli } from './main.js';

// The process entry of `cita`: exit codes are the contract for scripts.
process.exitCode = await runCli(process.argv.slice(2));
