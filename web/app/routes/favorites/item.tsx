import Container from '@mui/material/Container';
import { useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../../components/states';
import { FavoriteItemEditor } from '../../../features/favorites/components/favorite-item-editor';
import { positiveId } from '../../../lib/positive-id';

/** A piece of a favorite outfit: its colour, size and quantity, each saved as it changes. */
export default function FavoriteItemRoute() {
  const params = useParams();
  const navigate = useNavigate();
  const occasionId = positiveId(params.occasionId);
  const outfitId = positiveId(params.outfitId);
  const itemId = positiveId(params.itemId);
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2.5, sm: 4 } }}>
      {occasionId !== null && outfitId !== null && itemId !== null ? (
        <FavoriteItemEditor
          itemId={itemId}
          outfitId={outfitId}
          back={{ to: `/favorites/outfits/${occasionId}`, label: 'See your favorite outfits' }}
          // A new colour or size is another item: the address follows it, so a reload shows it.
          onMoved={(item) =>
            navigate(`/favorites/outfits/${occasionId}/${outfitId}/${item.id}`, { replace: true })
          }
        />
      ) : (
        <EmptyState
          heading="h1"
          title="No such piece"
          body="This address does not lead to a favorite piece."
        />
      )}
    </Container>
  );
}
