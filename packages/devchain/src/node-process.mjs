// Child process that runs the Hardhat 2 network behind its JSON-RPC server, so the
// caller's event loop isn't carrying the EVM. Plain ESM JavaScript: started with no loader.
//
// The parent starts it with cwd = a directory holding the generated hardhat.config.cjs,
// an IPC channel, and argv [port]. It reports { port } once listening and exits when the
// parent asks, or when the parent goes away (IPC disconnect), so it never outlives it.
import { rmSync } from 'node:fs';
import net from 'node:net';
import { basename } from 'node:path';
import hre from 'hardhat';
import jsonRpcServer from 'hardhat/internal/hardhat-network/jsonrpc/server.js';

const HOST = '127.0.0.1';

// Hardhat's server does not report a busy port (the listen error is unhandled), so check
// first and fall back to a free port chosen by the OS.
function portIsFree(port) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, HOST, () => probe.close(() => resolve(true)));
  });
}

async function main() {
  const wanted = Number(process.argv[2] ?? 0);
  const port = wanted > 0 && (await portIsFree(wanted)) ? wanted : 0;
  const server = new jsonRpcServer.JsonRpcServer({
    hostname: HOST,
    port,
    provider: hre.network.provider,
  });
  const address = await server.listen();

  let closing = false;
  const shutdown = () => {
    if (closing) return;
    closing = true;
    const exit = () => {
      // The generated config dir is ours; remove it even when the parent died abruptly.
      const dir = process.cwd();
      if (basename(dir).startsWith('olive-devchain-'))
        rmSync(dir, { recursive: true, force: true });
      process.exit(0);
    };
    server.close().then(exit, exit);
    setTimeout(exit, 2000).unref();
  };
  process.on('disconnect', shutdown);
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  process.on('message', (message) => {
    if (message === 'stop') shutdown();
  });
  process.send?.({ port: address.port });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
