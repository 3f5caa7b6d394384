import MoreHoriz from '@mui/icons-material/MoreHoriz';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Fab from '@mui/material/Fab';
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';

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
    <Box
      ref={root}
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
      sx={{ position: 'absolute', right: 12, top: 8, zIndex: 1 }}
    >
      <Fab
        ref={trigger}
        size="small"
        color="primary"
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
        sx={{
          boxShadow: 2,
          '&:hover': { bgcolor: '#333' },
          '& svg': {
            transition: 'transform 200ms ease',
            transform: open ? 'rotate(90deg)' : 'none',
          },
        }}
      >
        <MoreHoriz />
      </Fab>
      <Box
        id={menuId}
        role="menu"
        aria-label="Account"
        aria-hidden={!open}
        inert={!open}
        component="ul"
        sx={{
          position: 'absolute',
          top: '100%',
          right: 0,
          m: 0,
          p: 0,
          pt: 1,
          listStyle: 'none',
          display: 'grid',
          gap: 1,
          justifyItems: 'end',
          pointerEvents: open ? 'auto' : 'none',
        }}
      >
        {actions.map((action, index) => (
          <Box
            component="li"
            role="none"
            key={action.name}
            sx={{
              opacity: open ? 1 : 0,
              transform: open ? 'none' : 'translateY(-8px) scale(0.9)',
              transition: 'opacity 160ms ease, transform 160ms ease',
              transitionDelay: open ? `${index * 30}ms` : '0ms',
              '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
            }}
          >
            <ButtonBase
              role="menuitem"
              tabIndex={-1}
              onClick={() => {
                hide();
                action.run();
              }}
              sx={{
                gap: 1,
                borderRadius: 99,
                '&:hover .account-menu-icon, &.Mui-focusVisible .account-menu-icon': {
                  bgcolor: 'grey.100',
                },
                '&.Mui-focusVisible .account-menu-label': {
                  outline: '2px solid',
                  outlineColor: 'primary.main',
                },
              }}
            >
              <Box
                component="span"
                className="account-menu-label"
                sx={{
                  px: 1.25,
                  py: 0.5,
                  borderRadius: 1,
                  bgcolor: 'grey.800',
                  color: 'common.white',
                  fontSize: '0.8125rem',
                  fontWeight: 500,
                  whiteSpace: 'nowrap',
                  boxShadow: 1,
                }}
              >
                {action.name}
              </Box>
              <Box
                component="span"
                className="account-menu-icon"
                aria-hidden
                sx={{
                  width: 40,
                  height: 40,
                  borderRadius: '50%',
                  display: 'inline-flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  bgcolor: 'background.paper',
                  color: 'text.secondary',
                  boxShadow: 2,
                  transition: 'background-color 120ms ease',
                }}
              >
                {action.icon}
              </Box>
            </ButtonBase>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
