import Favorite from '@mui/icons-material/Favorite';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { FeedOutfit } from '../../../../contracts/feed';
import type { OutfitItem } from '../../../../contracts/outfit';
import { displayFont, palette } from '../../../app/theme';

/**
 * Where each slot sits on the card: the coat and the top side by side, then the bottom, the
 * accessory (smaller) and the shoes, so the five pieces read as one outfit.
 */
const AREA: Record<OutfitItem['slot'], string> = {
  outerwear: 'outer',
  top: 'top',
  bottom: 'bottom',
  accessory: 'acc',
  footwear: 'foot',
};

function Piece({
  item,
  hearted,
  interactive,
  eager,
  onToggleHeart,
}: {
  item: OutfitItem;
  hearted: boolean;
  interactive: boolean;
  eager: boolean;
  onToggleHeart?: ((item: OutfitItem) => void) | undefined;
}) {
  const small = item.slot === 'accessory';
  return (
    <Box
      sx={{
        gridArea: AREA[item.slot],
        position: 'relative',
        minHeight: 0,
        minWidth: 0,
        borderRadius: '12px',
        overflow: 'hidden',
        // The same soft backdrop as the pictures' own, so a picture narrower than its tile
        // shows no seam.
        background: 'radial-gradient(75% 75% at 50% 42%, #f8f6f2, #e9e4dc)',
        // The accessory is a small thing on the body: a smaller tile, centred in its column.
        ...(small && { alignSelf: 'center', aspectRatio: '4 / 5' }),
      }}
    >
      <Box
        component="img"
        src={item.img}
        alt={`${item.name}, ${item.color}`}
        width={240}
        height={300}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        draggable={false}
        sx={{
          display: 'block',
          width: '100%',
          height: '100%',
          objectFit: 'contain',
          pointerEvents: 'none',
          userSelect: 'none',
        }}
      />
      <Box
        sx={{
          position: 'absolute',
          left: 0,
          right: 0,
          bottom: 0,
          px: 1,
          py: 0.5,
          background: 'linear-gradient(transparent, rgba(28,27,31,0.78))',
          color: '#fff',
          pointerEvents: 'none',
        }}
      >
        {!small && (
          <Typography
            component="p"
            sx={{
              fontSize: '0.72rem',
              fontWeight: 600,
              lineHeight: 1.25,
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
            }}
          >
            {item.name}
          </Typography>
        )}
        <Typography
          component="p"
          sx={{
            fontSize: '0.72rem',
            lineHeight: 1.25,
            opacity: 0.9,
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
          }}
        >
          {small ? item.price : `${item.price} · ${item.color}`}
        </Typography>
      </Box>
      {interactive && onToggleHeart ? (
        <IconButton
          size="small"
          aria-label={`Favourite ${item.name}`}
          aria-pressed={hearted}
          title={`${item.name}, ${item.color}, ${item.price}`}
          onClick={(event) => {
            event.stopPropagation();
            onToggleHeart(item);
          }}
          onPointerDownCapture={(event) => event.stopPropagation()}
          sx={{
            position: 'absolute',
            top: 6,
            right: 6,
            width: small ? 30 : 34,
            height: small ? 30 : 34,
            bgcolor: 'rgba(255,255,255,0.88)',
            color: hearted ? palette.nope : palette.ink,
            boxShadow: '0 1px 4px rgba(0,0,0,0.18)',
            '&:hover': { bgcolor: '#fff' },
          }}
        >
          {hearted ? <Favorite fontSize="small" /> : <FavoriteBorder fontSize="small" />}
        </IconButton>
      ) : null}
    </Box>
  );
}

/** One outfit laid out as it is worn, with a heart on every piece. */
export function OutfitCard({
  outfit,
  interactive,
  onToggleHeart,
}: {
  outfit: FeedOutfit;
  interactive: boolean;
  onToggleHeart?: (item: OutfitItem) => void;
}) {
  const hearted = new Set(outfit.heartedItemIds);
  return (
    <Box
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.paper',
        borderRadius: '22px',
        border: 1,
        borderColor: 'divider',
        boxShadow: '0 10px 30px rgba(28,27,31,0.12)',
        p: { xs: 1.25, sm: 1.5 },
        gap: 1,
        userSelect: 'none',
      }}
    >
      <Box sx={{ px: 0.5 }}>
        <Typography
          variant="overline"
          component="p"
          sx={{ color: 'secondary.main', lineHeight: 1.6, fontSize: '0.7rem' }}
        >
          {outfit.occasion}
        </Typography>
        <Typography
          component="h2"
          sx={{
            fontFamily: displayFont,
            fontSize: { xs: '1.3rem', sm: '1.45rem' },
            lineHeight: 1.15,
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
          }}
        >
          {outfit.name}
        </Typography>
      </Box>
      <Box
        sx={{
          flex: 1,
          minHeight: 0,
          display: 'grid',
          gap: 1,
          gridTemplateColumns: '1fr 0.72fr 1fr',
          gridTemplateRows: '1.25fr 1fr',
          gridTemplateAreas: `"outer outer top" "bottom acc foot"`,
        }}
      >
        {outfit.items.map((item, i) => (
          <Piece
            key={item.slot}
            item={item}
            hearted={hearted.has(item.id)}
            interactive={interactive}
            eager={interactive || i < 2}
            onToggleHeart={onToggleHeart}
          />
        ))}
      </Box>
    </Box>
  );
}
