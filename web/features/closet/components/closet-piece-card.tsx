import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ClosetPiece } from '../../../../contracts/closet';
import { formatDay } from './format';

/** A piece the shopper owns: picture, what it is, how many and since when. */
export function ClosetPieceCard({
  piece,
  onOpen,
}: {
  piece: ClosetPiece;
  /** Opens the piece's product sheet (to buy it again, in any colour or size). */
  onOpen?: () => void;
}) {
  return (
    <Card component="article" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <Box sx={{ position: 'relative' }}>
        <ButtonBase
          onClick={onOpen}
          disabled={!onOpen}
          aria-label={`View ${piece.name} in ${piece.color}`}
          aria-haspopup="dialog"
          sx={{ display: 'block', width: '100%' }}
        >
          <Box
            component="img"
            src={piece.img}
            alt=""
            loading="lazy"
            sx={{ width: '100%', aspectRatio: '4 / 5', objectFit: 'cover', display: 'block' }}
          />
        </ButtonBase>
        {piece.quantity > 1 && (
          <Chip
            label={`×${piece.quantity}`}
            size="small"
            aria-label={`You own ${piece.quantity}`}
            sx={{
              position: 'absolute',
              top: 8,
              right: 8,
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
              fontWeight: 700,
            }}
          />
        )}
      </Box>
      <Box sx={{ p: 1.5, flex: 1, display: 'flex', flexDirection: 'column', gap: 0.25 }}>
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ textTransform: 'uppercase', letterSpacing: '0.08em', fontWeight: 600 }}
        >
          {piece.seller}
        </Typography>
        <Typography component="h2" sx={{ fontWeight: 600, lineHeight: 1.3, fontSize: '0.95rem' }}>
          {piece.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          <Box
            component="span"
            aria-hidden
            sx={{
              display: 'inline-block',
              width: 10,
              height: 10,
              borderRadius: '50%',
              bgcolor: piece.colorHex,
              border: 1,
              borderColor: 'divider',
              mr: 0.75,
              verticalAlign: 'baseline',
            }}
          />
          {piece.color} · {piece.size}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ mt: 'auto', pt: 0.75 }}>
          {piece.quantity === 1 ? 'Bought' : `${piece.quantity} owned · last bought`}{' '}
          {formatDay(piece.lastBoughtAt)}
        </Typography>
      </Box>
    </Card>
  );
}
