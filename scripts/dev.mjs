// `npm run dev`: starts Next in development on the embedded defaults and says where to open it.
import { spawn } from 'node:child_process';

const port = process.env.PORT ?? '3100';
const host = process.env.HOST ?? '127.0.0.1';
console.log(
  `\n  Compliance workspace: open http://${host}:${port} (first start initialises the embedded database, ~10 s)\n`,
);
const child = spawn(process.execPath, ['node_modules/next/dist/bin/next', 'dev', '-H', host, '-p', port], {
  stdio: 'inherit',
});
child.on('exit', (code) => process.exit(code ?? 0));
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
