'use client';
import { useEffect } from 'react';

/**
 * Names the browser tab after what the page shows ("Spring sale · Broadcast · Engage"), once it has
 * loaded: the page's static title only says what kind of page it is. Next.js may write that static
 * title after this component mounts (its metadata streams in), so the name is put back when the
 * head's title changes while the page is shown.
 */
export function DocumentTitle({ parts }: { parts: (string | null | undefined)[] }) {
  const title = [...parts.filter((p): p is string => Boolean(p)), 'Engage'].join(' · ');
  useEffect(() => {
    const apply = () => { if (document.title !== title) document.title = title; };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [title]);
  return null;
}
