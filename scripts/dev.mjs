// npm run dev: the API server with reload on change (port 3000) and Vite's dev server with hot
// reload (port 5173, proxying /trpc and /api to the API server). Open http://localhost:5173.
import { spawn } from 'node:child_process';

const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'src/main.ts', ...process.argv.slice(2)], {
    stdio: 'inherit',
  }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
for (const c of children) c.once('exit', (code) => code && stop());
