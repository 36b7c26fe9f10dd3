/**
 * Runs the app server entry named by its first argument, and ends it (SIGTERM, the server's own clean stop) when the
 * test process that started it goes away. startAppServer holds this process's stdin open; the kernel closes it when
 * the test process exits for any reason, a Ctrl-C or a SIGKILL included. Without it, a server in its own process
 * group (app-server.ts) outlived an interrupted run.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const entry = process.argv[2];
if (!entry) throw new Error('usage: server-lifeline.ts <server entry>');
process.stdin.on('end', () => process.kill(process.pid, 'SIGTERM'));
process.stdin.resume();
await import(pathToFileURL(path.resolve(entry)).href);
