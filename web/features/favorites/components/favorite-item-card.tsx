import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { FavoriteItem } from '../../../../contracts/favorites';
import { ItemFacts } from '../../../components/item-facts';
import { ItemPicture } from '../../../components/item-picture';
import { originOf } from './format';

/**
 * A favorite piece: picture, seller, name, colour and the size chosen (if any), price, how many
 * the shopper wants and where it came from. Opens `to`; `action` is room for the page (e.g. the
 * cart's Buy/Del).
 */
export function FavoriteItemCard({
  item,
  to,
  linkState,
  action,
}: {
  item: FavoriteItem;
  to: string;
  /** History state the link leaves, for the page it opens to read. */
  linkState?: unknown;
  action?: ReactNode;
}) {
  const origin = originOf(item);
  // The size a piece came in is only its picture's until the shopper picks theirs (decision 010).
  const size = item.sizeChosen ? item.size : null;
  return (
    <Card component="article" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardActionArea
        component={RouterLink}
        to={to}
        state={linkState}
        aria-label={`${item.name}, ${item.color}, ${size ? `size ${size}` : 'no size chosen yet'}, ${item.price}, quantity ${item.quantity}. ${origin}`}
        sx={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        <Box sx={{ position: 'relative' }}>
          <ItemPicture src={item.img} />
          <Chip
            label={`Qty ${item.quantity}`}
            size="small"
            sx={{
              position: 'absolute',
              top: 8,
              right: 8,
              bgcolor: 'rgba(255,255,255,0.92)',
              fontWeight: 700,
            }}
          />
          {item.stock === 0 && (
            <Chip
              label="Sold out"
              size="small"
              sx={{
                position: 'absolute',
                top: 8,
                left: 8,
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
              }}
            />
          )}
        </Box>
        <Box sx={{ p: 1.5, flex: 1, display: 'flex', flexDirection: 'column', gap: 0.25 }}>
          <ItemFacts
            seller={item.seller}
            name={item.name}
            color={item.color}
            colorHex={item.colorHex}
            detail={` · ${size ?? 'no size yet'}`}
          />
          <Typography sx={{ fontWeight: 700, mt: 0.5 }}>{item.price}</Typography>
          <Typography
            variant="caption"
            color="text.secondary"
            sx={{
              mt: 'auto',
              pt: 0.5,
              overflowWrap: 'anywhere',
            }}
          >
            {origin}
          </Typography>
        </Box>
      </CardActionArea>
      {action && <Box sx={{ px: 1.5, pb: 1.5 }}>{action}</Box>}
    </Card>
  );
}
