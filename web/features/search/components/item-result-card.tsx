import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ItemSearchResult } from '../../../../contracts/search';
import { HeartButton } from '../../../components/heart-button';
import { ItemFacts } from '../../../components/item-facts';
import { ItemPicture } from '../../../components/item-picture';
import { messageOf } from '../../../lib/error-message';
import { useNotify } from '../../../lib/notify';
import { useHeartItem } from '../api/heart-item';
import { useUnheartItem } from '../api/unheart-item';

function sizeRange(sizes: readonly string[]): string {
  if (sizes.length <= 1) return sizes[0] ?? '';
  return `${sizes[0]}–${sizes[sizes.length - 1]}`;
}

/** A piece found by search: picture with a heart, seller, name, colour, sizes and price. */
export function ItemResultCard({
  item,
  onOpen,
}: {
  item: ItemSearchResult;
  /** Opens the piece's product sheet. */
  onOpen?: () => void;
}) {
  const heart = useHeartItem();
  const unheart = useUnheartItem();
  const notify = useNotify();
  const busy = heart.isPending || unheart.isPending;
  const label = `${item.name} in ${item.color}`;

  function toggle() {
    const onError = (error: unknown) =>
      notify(messageOf(error, 'That did not save. Try again.'), 'error');
    if (item.favorite) unheart.mutate(item.id, { onError });
    else heart.mutate(item.id, { onError });
  }

  return (
    <Card
      component="article"
      aria-label={label}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <Box sx={{ position: 'relative' }}>
        {onOpen ? (
          <ButtonBase
            onClick={onOpen}
            aria-label={`View ${label}, ${item.price}`}
            aria-haspopup="dialog"
            sx={{ display: 'block', width: '100%' }}
          >
            <ItemPicture src={item.img} />
          </ButtonBase>
        ) : (
          <ItemPicture src={item.img} />
        )}
        <Box sx={{ position: 'absolute', top: 8, right: 8 }}>
          <HeartButton
            favorite={item.favorite}
            label={label}
            busy={busy}
            onToggle={toggle}
            size="small"
          />
        </Box>
        {item.stock === 0 && (
          <Chip
            label="Sold out"
            size="small"
            sx={{
              position: 'absolute',
              left: 8,
              top: 8,
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
          detail={item.sizes.length > 0 && ` · ${sizeRange(item.sizes)}`}
        />
        <Typography sx={{ fontWeight: 700, mt: 'auto', pt: 0.5 }}>{item.price}</Typography>
      </Box>
    </Card>
  );
}
