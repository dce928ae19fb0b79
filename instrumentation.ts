// Runs once when the server starts: open the database (applying migrations) and, unless turned
// off, start the job workers in this process so `npm start` is a complete product.
//
// Next.js starts this during app.prepare() without waiting for it, so it usually finishes after the
// server is listening. A failure ends the process with one line saying why; success is announced
// to scripts/server.mjs, which reports the server ready only then (lib/server-start.ts). The
// Node.js-only code is imported for the Node.js runtime only, as Next.js's instrumentation guide
// shows, so the edge build of this file carries none of it.
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { startServerProcess } = await import('./lib/server-start');
    await startServerProcess();
  }
}
