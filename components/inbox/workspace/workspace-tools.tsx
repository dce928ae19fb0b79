'use client';
import { useState } from 'react';
import { useDesktopNotifications, NotificationsToggle } from './desktop-notifications';
import { ShortcutsHelp, useInboxShortcuts } from './keyboard-shortcuts';

/** The workspace header's tools: desktop notifications and the keyboard (with its `?` list). */
export function WorkspaceTools({ openId }: { openId: string | null }) {
  const [help, setHelp] = useState(false);
  useInboxShortcuts(openId, setHelp);
  useDesktopNotifications();
  return (
    <div className="flex items-center gap-3">
      <NotificationsToggle />
      <button type="button" onClick={() => setHelp(true)} title="Keyboard shortcuts (?)"
        className="hidden rounded px-1.5 text-xs text-slate-600 hover:bg-slate-100 hover:text-slate-900 sm:inline">Shortcuts <kbd className="font-mono">?</kbd></button>
      {help && <ShortcutsHelp onClose={() => setHelp(false)} />}
    </div>
  );
}
