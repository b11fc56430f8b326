// Starts the real server binary on a free loopback port with a fresh SQLite
// database, waits for /healthz, and stops it after the tests.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT, SERVER_BIN, SITE_ROOT } from "./env.mjs";

export async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

export async function startServer(extraEnv = {}) {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "ct-e2e-"));
  const baseURL = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    BIND_ADDR: `127.0.0.1:${port}`,
    DATABASE_URL: `sqlite://${dir}/e2e.db?mode=rwc`,
    PUBLIC_BASE_URL: baseURL,
    RUST_LOG: "warn",
    // Tests read reset codes and reveal links from /dev/outbox.json.
    DEV_TOOLS: "true",
    SITE_ROOT,
    ...extraEnv,
  };
  const child = spawn(SERVER_BIN, [], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${baseURL}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null)
      throw new Error(`server exited with ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseURL,
    // `server user create` on this server's database (README: Accounts).
    createUser: (email, password, extraArgs = []) =>
      createUser(env, email, password, extraArgs),
    // An operator command of the server binary (`["chat", "list"]`): its output.
    cli: (args) => runCli(env, args),
    // The same, with `input` written to its standard input (`--password-stdin`).
    cliWithInput: (args, input) => runCli(env, args, input),
    async stop() {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

function createUser(env, email, password, extraArgs) {
  return new Promise((resolve, reject) => {
    const cli = spawn(
      SERVER_BIN,
      ["user", "create", "--email", email, "--password-stdin", ...extraArgs],
      {
        cwd: ROOT,
        env,
        stdio: ["pipe", "pipe", "inherit"],
      },
    );
    let out = "";
    cli.stdout.on("data", (chunk) => (out += chunk));
    cli.once("exit", (code) =>
      code === 0
        ? resolve(out)
        : reject(new Error(`user create exited ${code}: ${out}`)),
    );
    cli.stdin.end(`${password}\n`);
  });
}

function runCli(env, args, input) {
  return new Promise((resolve, reject) => {
    const stdin = input === undefined ? "ignore" : "pipe";
    const cli = spawn(SERVER_BIN, args, {
      cwd: ROOT,
      env,
      stdio: [stdin, "pipe", "inherit"],
    });
    let out = "";
    cli.stdout.on("data", (chunk) => (out += chunk));
    cli.once("exit", (code) =>
      code === 0
        ? resolve(out)
        : reject(new Error(`server ${args.join(" ")} exited ${code}: ${out}`)),
    );
    if (input !== undefined) cli.stdin.end(input);
  });
}
