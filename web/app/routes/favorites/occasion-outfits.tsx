import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import type { FavoriteOutfit } from '../../../../contracts/favorites';
import { CardGrid } from '../../../components/card-grid';
import { ListPages, LoadMore, useDrawnPages } from '../../../components/load-more';
import { Page } from '../../../components/page';
import { SearchField } from '../../../components/search-field';
import { EmptyState, ErrorState, Loading } from '../../../components/states';
import { PurchaseOutfitButton } from '../../../features/cart/components/purchase-outfit-button';
import type { KeptPiece } from '../../../features/cart/components/shop-look-sheet';
import { useFavoriteOccasions } from '../../../features/favorites/api/get-favorite-occasions';
import { useOccasionFavorites } from '../../../features/favorites/api/get-occasion-favorites';
import { FavoriteOutfitCard } from '../../../features/favorites/components/favorite-outfit-card';
import { ApiRequestError } from '../../../lib/api-client';
import { positiveId } from '../../../lib/positive-id';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useKeptScroll } from '../../../lib/use-kept-scroll';

/**
 * Favorite outfits for one occasion, with a search bar; each card can go or be bought. The list
 * comes a page at a time as the shopper scrolls, and keeps its place on the way back.
 */
export default function FavoriteOccasionRoute() {
  const params = useParams();
  const occasionId = positiveId(params.occasionId);
  const [text, setText] = useState('');
  const q = useDebouncedValue(text);
  const occasions = useFavoriteOccasions();
  const outfits = useOccasionFavorites(occasionId ?? 0, q);
  const occasion = occasions.data?.find((o) => o.id === occasionId);
  const drawn = useDrawnPages(outfits);
  useKeptScroll(outfits.isSuccess);
  const unknown =
    occasionId === null ||
    (occasions.isSuccess && !occasion) ||
    (outfits.error instanceof ApiRequestError &&
      outfits.error.status === 400 &&
      'occasionId' in outfits.error.fields);

  if (unknown) {
    return (
      <Page title="Faves">
        <EmptyState
          title="No such occasion"
          body="Pick one of the five occasions to see your favorite outfits for it."
          action={
            <Button component={RouterLink} to="/favorites/outfits" variant="outlined">
              All occasions
            </Button>
          }
        />
      </Page>
    );
  }

  const searching = q.trim() !== '';
  // A search's page may come back empty with more to look through (the server walks a stretch of
  // the history a page): only a list with nothing found and nothing left is empty. The last
  // search's answer, kept while the next one loads, says nothing of it.
  const none = !outfits.data?.pages.some((page) => page.items.length);
  return (
    <Page
      title="Faves"
      subtitle={occasion ? `${occasion.name} outfits you love.` : ' '}
      maxWidth="lg"
    >
      <Box sx={{ maxWidth: 560, mb: 2.5 }}>
        <SearchField
          label="Search these faves"
          placeholder="Name or description"
          value={text}
          onChange={setText}
          loading={outfits.isFetching && searching}
        />
      </Box>
      {outfits.isPending ? (
        <Loading label="Loading your outfits" />
      ) : outfits.isError && !outfits.data ? (
        <ErrorState message={outfits.error.message} onRetry={() => outfits.refetch()} />
      ) : none && outfits.isPlaceholderData ? (
        <Loading label="Searching your outfits" />
      ) : none && !outfits.hasNextPage ? (
        searching ? (
          <EmptyState
            title="Nothing matches"
            body={`None of your ${occasion?.name ?? ''} favorites match “${q.trim()}”.`}
            action={<Button onClick={() => setText('')}>Clear the search</Button>}
          />
        ) : (
          <EmptyState
            title="No favorites here yet"
            body="Swipe right on an outfit you love and it will wait for you here."
            action={
              <Stack direction="row" sx={{ gap: 1 }}>
                <Button component={RouterLink} to="/home" variant="contained">
                  Start swiping
                </Button>
                <Button
                  component={RouterLink}
                  to="/favorites/outfits"
                  startIcon={<ArrowBackRounded />}
                >
                  Occasions
                </Button>
              </Stack>
            }
          />
        )
      ) : (
        <>
          <CardGrid
            columns={{ xs: 1, md: 2 }}
            label="Favorite outfits"
            busy={outfits.isFetching}
            dimmed={outfits.isPlaceholderData}
          >
            <ListPages
              pages={drawn.pages}
              render={(outfit) => (
                <li key={outfit.id}>
                  <FavoriteOutfitCard
                    outfit={outfit}
                    action={
                      <PurchaseOutfitButton
                        outfitId={outfit.id}
                        outfitName={outfit.name}
                        kept={keptPieces(outfit)}
                      />
                    }
                  />
                </li>
              )}
            />
          </CardGrid>
          <LoadMore {...drawn.more} />
        </>
      )}
    </Page>
  );
}

/** The card's pieces as the shopper keeps them: their colour, and their size once chosen. */
function keptPieces(outfit: FavoriteOutfit): KeptPiece[] {
  return outfit.items.flatMap((piece) =>
    piece.favorite
      ? [{ itemId: piece.id, chosenSize: piece.favorite.sizeChosen ? piece.size : null }]
      : [],
  );
}
