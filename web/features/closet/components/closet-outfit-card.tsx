import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { ClosetOutfitSummary } from '../../../../contracts/closet';
import { formatDay, outfitPath } from './format';
import { OutfitMosaic, ownedImages } from './outfit-mosaic';

/** A complete outfit from the shopper's own pieces; opens its details. */
export function ClosetOutfitCard({
  outfit,
  showOccasion = true,
}: {
  outfit: ClosetOutfitSummary;
  showOccasion?: boolean;
}) {
  return (
    <Card component="article" sx={{ height: '100%' }}>
      <CardActionArea
        component={RouterLink}
        to={outfitPath(outfit.id)}
        aria-label={`${outfit.name}, ${outfit.occasion}`}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        <OutfitMosaic images={ownedImages(outfit.items)} rounded={false} />
        <Box sx={{ p: 2, pt: 1.5, flex: 1 }}>
          {showOccasion && (
            <Typography
              variant="overline"
              component="p"
              sx={{ color: 'secondary.main', lineHeight: 1.8, fontSize: '0.68rem' }}
            >
              {outfit.occasion}
            </Typography>
          )}
          <Typography variant="h4" component="h2" sx={{ fontSize: '1.25rem', lineHeight: 1.25 }}>
            {outfit.name}
          </Typography>
          {outfit.description && (
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{
                mt: 0.75,
                display: '-webkit-box',
                WebkitLineClamp: 2,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
              }}
            >
              {outfit.description}
            </Typography>
          )}
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
            Complete since {formatDay(outfit.completedAt)}
          </Typography>
        </Box>
      </CardActionArea>
    </Card>
  );
}
