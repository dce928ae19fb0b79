// Spaces this process's sends on a channel to its configured messages per second. A throttling
// answer from the provider is still handled by retrying the send later.
const next = new Map<number, number>();

export async function waitForSlot(channelId: number, perSecond: number): Promise<void> {
  const interval = 1000 / Math.max(1, perSecond);
  const now = Date.now();
  const at = Math.max(now, next.get(channelId) ?? 0);
  next.set(channelId, at + interval);
  if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
}
