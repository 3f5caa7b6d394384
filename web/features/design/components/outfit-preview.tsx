import CloseRounded from '@mui/icons-material/CloseRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { SLOTS, type Slot } from '../../../../contracts/catalog';
import { PICTURE_BACKDROP, SLOT_LABEL, type SlotPicks } from './slots';
import { StockBadge, stockNote } from './stock-badge';

/**
 * A slot's name as its empty tile writes it: soft hyphens where it may break, so that a tile
 * too narrow for the word (200% zoom on a phone) breaks it between syllables, with a hyphen.
 */
const TILE_LABEL: Record<Slot, string> = {
  outerwear: 'Outer\u00adwear',
  top: 'Top',
  accessory: 'Ac\u00adces\u00adso\u00adry',
  bottom: 'Bot\u00adtom',
  footwear: 'Foot\u00adwear',
};

/** Where each slot sits on the board: outerwear tall on the left, pieces stacked beside it. */
const AREA: Record<Slot, string> = {
  outerwear: 'outer',
  top: 'top',
  accessory: 'acc',
  bottom: 'bottom',
  footwear: 'foot',
};

function SlotTile({
  slot,
  picks,
  error,
  onClear,
}: {
  slot: Slot;
  picks: SlotPicks;
  error: string | undefined;
  onClear: (slot: Slot) => void;
}) {
  const item = picks[slot];
  const label = SLOT_LABEL[slot];
  // A piece sold out or low is marked: it keeps (or will keep) the outfit out of feeds.
  const note = item ? stockNote(item.stock) : null;
  const flagColor = item && item.stock <= 0 ? 'error.main' : '#e08a3c';
  const borderColor =
    error || note ? (error ? 'error.main' : flagColor) : item ? 'divider' : '#cfc6b8';
  return (
    <Box
      role="group"
      aria-label={
        item ? `${label}: ${item.name}${note ? `, ${note.toLowerCase()}` : ''}` : `${label}: empty`
      }
      data-slot={slot}
      sx={{
        gridArea: AREA[slot],
        position: 'relative',
        minHeight: 0,
        borderRadius: '12px',
        border: 2,
        borderStyle: item ? 'solid' : 'dashed',
        borderColor,
        bgcolor: item ? 'background.paper' : error ? '#fdf1ef' : 'transparent',
        display: 'flex',
        flexDirection: 'column',
        overflow: 'hidden',
        transition: 'border-color 200ms, background-color 200ms',
      }}
    >
      {item ? (
        <>
          <Box
            component="img"
            src={item.img}
            alt={`${item.name} in ${item.color}`}
            sx={{
              flex: 1,
              minHeight: 0,
              width: '100%',
              objectFit: 'contain',
              background: PICTURE_BACKDROP,
            }}
          />
          <Box sx={{ px: 1, py: 0.5, borderTop: 1, borderColor: 'divider' }}>
            <Typography
              component="p"
              noWrap
              sx={{
                fontSize: '0.68rem',
                fontWeight: 700,
                letterSpacing: '0.08em',
                color: 'text.secondary',
                textTransform: 'uppercase',
              }}
            >
              {label}
            </Typography>
            <Typography component="p" noWrap sx={{ fontSize: '0.78rem', fontWeight: 600 }}>
              {item.name}
            </Typography>
          </Box>
          <IconButton
            size="small"
            aria-label={`Remove ${item.name} from ${label.toLowerCase()}`}
            onClick={() => onClear(slot)}
            sx={{
              position: 'absolute',
              top: 4,
              right: 4,
              width: 28,
              height: 28,
              bgcolor: 'rgba(255,255,255,0.9)',
              '&:hover': { bgcolor: '#fff' },
            }}
          >
            <CloseRounded style={{ fontSize: 16 }} />
          </IconButton>
          {note && (
            <Box sx={{ position: 'absolute', top: 6, left: 6 }}>
              <StockBadge stock={item.stock} />
            </Box>
          )}
        </>
      ) : (
        <Box
          sx={{
            flex: 1,
            display: 'grid',
            placeItems: 'center',
            textAlign: 'center',
            p: { xs: 0.5, sm: 1 },
            color: error ? 'error.main' : 'text.secondary',
          }}
        >
          <Box sx={{ minWidth: 0 }}>
            {/* Smaller on a narrow phone, so that "Accessory" fits its tile at 320 px. */}
            <Typography
              component="p"
              sx={{
                fontWeight: 700,
                fontSize: 'clamp(0.66rem, 3.4vw, 0.85rem)',
                overflowWrap: 'anywhere',
              }}
            >
              {TILE_LABEL[slot]}
            </Typography>
            <Typography component="p" sx={{ fontSize: '0.72rem' }}>
              {error ? 'Pick a piece' : 'Empty'}
            </Typography>
          </Box>
        </Box>
      )}
    </Box>
  );
}

/** The five slots of the outfit being built; a filled slot shows its piece's picture. */
export function OutfitPreview({
  picks,
  errors,
  onClear,
}: {
  picks: SlotPicks;
  errors: Partial<Record<Slot, string>>;
  onClear: (slot: Slot) => void;
}) {
  const messages = SLOTS.flatMap((slot) =>
    errors[slot] && picks[slot] ? [`${SLOT_LABEL[slot]}: ${errors[slot]}`] : [],
  );
  return (
    <Box>
      <Box
        role="group"
        aria-label="Outfit preview"
        sx={{
          display: 'grid',
          gridTemplateColumns: '1.15fr 1fr 1fr',
          gridTemplateRows: { xs: '128px 128px', md: '100px 100px' },
          gridTemplateAreas: '"outer top acc" "outer bottom foot"',
          gap: 1,
        }}
      >
        {SLOTS.map((slot) => (
          <SlotTile key={slot} slot={slot} picks={picks} error={errors[slot]} onClear={onClear} />
        ))}
      </Box>
      {messages.map((message) => (
        <Typography key={message} role="alert" color="error" sx={{ fontSize: '0.8rem', mt: 0.75 }}>
          {message}
        </Typography>
      ))}
    </Box>
  );
}
