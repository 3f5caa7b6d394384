import Favorite from '@mui/icons-material/Favorite';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import IconButton from '@mui/material/IconButton';
import { palette } from '../app/palette';

/**
 * The heart on a card: filled when the thing is a favorite. `label` names what it acts on
 * ("Linen Shirt"). A toggle, as the swipe card's hearts are: its name stays "Favorite …" and
 * whether it is one is its pressed state.
 */
export function HeartButton({
  favorite,
  label,
  onToggle,
  busy = false,
  size = 'medium',
}: {
  favorite: boolean;
  label: string;
  onToggle: () => void;
  busy?: boolean;
  size?: 'small' | 'medium';
}) {
  return (
    <IconButton
      size={size}
      onClick={(event) => {
        // Hearts sit on cards that are links themselves.
        event.preventDefault();
        event.stopPropagation();
        if (!busy) onToggle();
      }}
      aria-pressed={favorite}
      aria-busy={busy}
      aria-label={`Favorite ${label}`}
      sx={{
        bgcolor: 'rgba(255,255,255,0.92)',
        boxShadow: '0 1px 4px rgba(28,27,31,0.12)',
        color: favorite ? palette.accent : palette.ink,
        '&:hover': { bgcolor: '#fff' },
        transition: 'transform 120ms ease',
        '&:active': { transform: 'scale(0.92)' },
        opacity: busy ? 0.7 : 1,
      }}
    >
      {favorite ? <Favorite fontSize="inherit" /> : <FavoriteBorder fontSize="inherit" />}
    </IconButton>
  );
}
