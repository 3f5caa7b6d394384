import MoreHoriz from '@mui/icons-material/MoreHoriz';
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { classNames } from '../../lib/class-names';
import roundButton from '../round-button.module.css';
import styles from './shell.module.css';

export interface AccountMenuAction {
  name: string;
  icon: ReactNode;
  run: () => void;
}

/**
 * The header's speed-dial: a round button that opens a column of labelled actions below it.
 * It opens on hover, focus or click and closes on leaving, on blur and on Escape. Built from a
 * button and a menu rather than MUI's SpeedDial, whose tooltips bring a positioning engine into
 * every page's first download.
 */
export function AccountMenu({ actions }: { actions: readonly AccountMenuAction[] }) {
  const [open, setOpen] = useState(false);
  /** How it was opened: a click after a hover must not close what the hover just opened. */
  const openedBy = useRef<'hover' | 'focus' | 'click' | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  function show(by: 'hover' | 'focus' | 'click') {
    if (!open) openedBy.current = by;
    setOpen(true);
  }
  function hide() {
    openedBy.current = null;
    setOpen(false);
  }
  const items = () => [...(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      hide();
      trigger.current?.focus();
      return;
    }
    if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    if (!open) show('click');
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    let next = 0;
    if (event.key === 'ArrowDown') next = at + 1 >= list.length ? 0 : at + 1;
    else if (event.key === 'ArrowUp') next = at <= 0 ? list.length - 1 : at - 1;
    else if (event.key === 'End') next = list.length - 1;
    // The menu items render hidden until open; wait a frame when it has just opened.
    requestAnimationFrame(() => items()[next]?.focus());
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hovering or focusing anywhere in it opens the menu; the keys it handles are its buttons'
    <div
      ref={root}
      className={classNames(styles.menu, open && styles.open)}
      onMouseEnter={() => show('hover')}
      onMouseLeave={() => hide()}
      onFocus={(event) => {
        // Focus coming back from one of its own items (after Escape) does not reopen it.
        if (!root.current?.contains(event.relatedTarget as Node | null)) show('focus');
      }}
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget as Node | null)) hide();
      }}
      onKeyDown={onKeyDown}
    >
      <button
        ref={trigger}
        type="button"
        className={classNames(roundButton.round, styles.fab, styles.trigger)}
        aria-label="Account menu"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => {
          if (open && openedBy.current === 'click') hide();
          else {
            openedBy.current = 'click';
            setOpen(true);
          }
        }}
      >
        <MoreHoriz />
      </button>
      <div
        id={menuId}
        role="menu"
        aria-label="Account"
        aria-hidden={!open}
        inert={!open}
        className={styles.actions}
      >
        {actions.map((action, index) => (
          <button
            key={action.name}
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={styles.action}
            style={{ transitionDelay: open ? `${index * 30}ms` : '0ms' }}
            onClick={() => {
              hide();
              action.run();
            }}
          >
            <span className={styles.actionLabel}>{action.name}</span>
            <span className={styles.actionIcon} aria-hidden>
              {action.icon}
            </span>
          </button>
        ))}
      </div>
    </div>
  );
}
