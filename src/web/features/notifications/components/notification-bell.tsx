import { Bell } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@web/components/button';
import { cn } from '@web/lib/cn';
import { useNotifications } from '../api/get-notifications';
import { useMarkRead } from '../api/mark-read';
import { NotificationList } from './notification-list';

/**
 * The bell: the unread count on the button, the list under it. Opening the list marks what it shows
 * read, as a mail client does; each item links to what it concerns.
 */
export function NotificationBell({ wallet }: { wallet: string }) {
  const [open, setOpen] = useState(false);
  // What was unread when the list opened: it keeps its mark while open, though the server now has it read.
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const list = useNotifications(wallet);
  const markRead = useMarkRead(wallet);
  const unread = list.data?.unread ?? 0;

  // Closes like any menu: a click elsewhere, or Escape (which gives the focus back to the bell).
  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent) {
        if (event.key !== 'Escape') return;
        button.current?.focus();
      } else if (root.current?.contains(event.target as Node)) return;
      setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  const toggle = () => {
    const next = !open;
    setOpen(next);
    const ids = list.data?.notifications.filter((n) => !n.read).map((n) => n.id) ?? [];
    if (!next) return;
    setFresh(new Set(ids));
    if (ids.length > 0) markRead.mutate(ids);
  };

  return (
    <div ref={root} className="sm:relative">
      <Button
        ref={button}
        variant="ghost"
        size="icon"
        className="relative"
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
      >
        <Bell aria-hidden className="h-5 w-5" />
        {unread > 0 && (
          <span
            aria-hidden
            data-testid="bell-unread"
            className="absolute -top-0.5 -right-0.5 grid h-4 min-w-4 place-items-center rounded-full bg-danger-500 px-1 text-[10px] leading-none font-bold text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </Button>
      <div
        id={panelId}
        hidden={!open}
        className={cn(
          // On a phone the panel spans the width under the (sticky, so positioned) header; from sm up it hangs from
          // the bell.
          'absolute inset-x-2 top-full z-40 mt-1 max-h-[70vh] overflow-y-auto rounded-xl border border-vault-700 bg-vault-900 p-2 shadow-vault',
          'sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-96',
        )}
      >
        <h2 className="px-2 py-1 text-sm font-semibold text-vault-100">Notifications</h2>
        <NotificationList
          notifications={list.data?.notifications}
          loading={list.isPending}
          error={list.error}
          fresh={fresh}
          onFollow={() => setOpen(false)}
        />
      </div>
    </div>
  );
}
