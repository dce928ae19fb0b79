'use client';
import { useSyncExternalStore } from 'react';

// Whether the page is on screen (not a background tab or a minimised window): what the reader
// can see, as opposed to what is merely open.

function subscribe(onChange: () => void) {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

export function usePageVisible(): boolean {
  return useSyncExternalStore(subscribe, () => document.visibilityState === 'visible', () => true);
}
