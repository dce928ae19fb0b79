// Runs once when the server starts: open the database (applying migrations) and, unless turned
// off, start the job workers in this process so `npm start` is a complete product.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { startInProcess } = await import('./lib/server-start');
  await startInProcess();
}
