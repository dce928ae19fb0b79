import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';

/**
 * A server process of the built app that a test starts, stops and starts again itself, with a
 * database of its own: an embedded data directory, or a scratch database on the local Postgres.
 */
export class OwnServer {
  private child: ChildProcess | null = null;
  private workers: ChildProcess[] = [];
  private printed = '';
  readonly baseURL: string;
  private readonly env: Record<string, string>;
  private readonly port: number;
  private constructor(port: number, dbEnv: Record<string, string>, private readonly cleanup: () => Promise<void>, extraEnv: Record<string, string>) {
    // Lets two checkouts run their suites side by side without sharing ports.
    this.port = port + Number(process.env.TEST_PORT_OFFSET || 0);
    this.baseURL = `http://127.0.0.1:${this.port}`;
    this.env = {
      ...(process.env as Record<string, string>), API_RATE_LIMIT: 'off', ...dbEnv, ...extraEnv,
      ENABLE_TEST_API: '1', NEXTAUTH_SECRET: 'own-server', AUTH_TRUST_HOST: 'true', NEXTAUTH_URL: this.baseURL,
      WEBHOOK_ALLOW_PRIVATE_TARGETS: '127.0.0.1,localhost,::1', CHANNEL_ALLOW_PRIVATE_BASE_URLS: '127.0.0.1,localhost,::1',
    };
    if (!dbEnv.DATABASE_URL) delete this.env.DATABASE_URL;
  }

  static async create(kind: 'pglite' | 'postgres', port: number, extraEnv: Record<string, string> = {}): Promise<OwnServer> {
    if (kind === 'pglite') {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'engage-own-'));
      return new OwnServer(port, { PGLITE_DIR: path.join(dir, 'pglite') }, async () => fs.rmSync(dir, { recursive: true, force: true }), extraEnv);
    }
    const adminUrl = process.env.TEST_POSTGRES_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
    const name = `engage_own_${process.pid}_${Date.now()}`;
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    await admin.end();
    const url = `${adminUrl.replace(/\/[^/]*$/, '')}/${name}`;
    return new OwnServer(port, { DATABASE_URL: url }, async () => {
      const drop = postgres(adminUrl, { max: 1, onnotice: () => {} });
      await drop.unsafe(`drop database if exists ${name} with (force)`);
      await drop.end();
    }, extraEnv);
  }

  /**
   * Starts a server that must refuse to start (a setting it cannot read): fails unless it exits
   * with code 1 before it is healthy. Returns what it printed.
   */
  static async startRefused(kind: 'pglite' | 'postgres', port: number, extraEnv: Record<string, string>): Promise<string> {
    const server = await OwnServer.create(kind, port, extraEnv);
    try {
      const started = await server.start().then(() => true, (error: Error) => {
        if (!/exited \(code 1\)/.test(error.message)) throw error;
        return false;
      });
      if (started) throw new Error('the server started');
      return server.output();
    } finally {
      await server.dispose();
    }
  }

  /** Starts the server; `env` is added to this start's environment only. */
  async start(env: Record<string, string> = {}): Promise<void> {
    const child = spawn(process.execPath, ['scripts/server.mjs', '-p', String(this.port), '-H', '127.0.0.1'], {
      env: { ...this.env, ...env } as NodeJS.ProcessEnv, stdio: ['ignore', 'pipe', 'pipe'],
    });
    // The last 64 KB of what the server printed, for a failing test to show (output()).
    const keep = (chunk: Buffer) => {
      this.printed = (this.printed + chunk.toString('utf8')).slice(-64 * 1024);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.child = child;
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      // A server left on the port (by a test killed at its timeout, say) would answer instead.
      if (child.exitCode !== null) throw new Error(`own server exited (code ${child.exitCode}) before it was healthy: is port ${this.port} taken?`);
      try {
        if ((await fetch(`${this.baseURL}/api/health`)).ok && child.exitCode === null) return;
      } catch { /* not listening yet */ }
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error('own server did not become healthy');
  }

  /**
   * A job-worker process (`npm run worker`) on this server's database, for servers started with
   * WORKERS_IN_WEB=false. What it prints joins output().
   */
  startWorker(env: Record<string, string> = {}): ChildProcess {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/worker.ts'], {
      env: { ...this.env, ...env } as NodeJS.ProcessEnv, stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      this.printed = (this.printed + chunk.toString('utf8')).slice(-64 * 1024);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.workers.push(child);
    return child;
  }

  /** The server's Postgres database (null on the embedded one). */
  get databaseUrl(): string | null {
    return this.env.DATABASE_URL ?? null;
  }

  /** The end of what the server's processes printed, across its starts. */
  output(): string {
    return this.printed;
  }

  /** SIGTERM, as an operator's restart would send, and wait for the process to end. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
    this.child = null;
  }

  async dispose(): Promise<void> {
    for (const worker of this.workers) if (worker.exitCode === null) worker.kill('SIGKILL');
    await this.stop();
    await this.cleanup();
  }
}
