// Runs once when the server starts: open the database (applying migrations) and, unless turned
// off, start the job workers in this process so `npm start` is a complete product.
//
// Next.js starts this during app.prepare() without waiting for it, so it usually finishes after the
// server is listening. A failure (an unreachable DATABASE_URL, say) ends the process with one line
// saying why, rather than leaving a server that answers every request with a bare 500; success is
// announced to scripts/server.mjs, which reports the server ready only then.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  try {
    const { startInProcess } = await import('./lib/server-start');
    await startInProcess();
  } catch (error) {
    const code = (error as { code?: string })?.code;
    const message = error instanceof Error ? error.message : String(error);
    const reason = code && !message.includes(code) ? `${message} (${code})` : message;
    console.error(`[server] start-up failed: ${reason}`);
    process.exit(1);
  }
  process.emit('engage:started' as never);
}
