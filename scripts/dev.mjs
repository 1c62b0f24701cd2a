// `npm run dev`: the real server (restarted on change) with the SPA rebuilt on change, so sessions,
// the CSRF meta tag and cookies behave exactly as in production. Reload the browser after a rebuild.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['vite', 'build', '--watch', '--mode', 'development', '--logLevel', 'warn'], { stdio: 'inherit' }),
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { NODE_ENV: 'development', ...process.env },
  }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) => c.on('exit', (code) => code && process.exitCode === undefined && (process.exitCode = code)));
