/**
 * A dropdown that opens on hover and on click or Enter, and closes a moment after the pointer leaves (500 ms for
 * the account menu, spec 2), on Escape, or when focus moves out. Keyboard and touch users get the same menu.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import styles from './hover-menu.module.css';

export function HoverMenu({
  label,
  children,
  closeDelayMs = 500,
  align = 'start',
}: {
  label: ReactNode;
  children: ReactNode;
  closeDelayMs?: number;
  align?: 'start' | 'end';
}) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const button = useRef<HTMLButtonElement>(null);
  /** Opened by the pointer resting on it: the click that usually follows keeps it open instead of closing it. */
  const openedByHover = useRef(false);
  const id = useId();
  const cancelClose = () => clearTimeout(timer.current);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <div
      className={styles.menu}
      onMouseEnter={() => {
        cancelClose();
        if (!open) openedByHover.current = true;
        setOpen(true);
      }}
      onMouseLeave={() => {
        cancelClose();
        timer.current = setTimeout(() => {
          openedByHover.current = false;
          setOpen(false);
        }, closeDelayMs);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          setOpen(false);
          button.current?.focus();
        }
      }}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => {
          if (openedByHover.current) openedByHover.current = false;
          else setOpen((o) => !o);
        }}
      >
        {label}
        <span aria-hidden="true" className={styles.caret} />
      </button>
      <div id={id} className={`${styles.popup} ${align === 'end' ? styles.end : ''}`} hidden={!open}>
        {children}
      </div>
    </div>
  );
}
