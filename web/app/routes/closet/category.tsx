import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { CardGrid, CardGridSkeleton } from '../../../components/card-grid';
import { ListPages, LoadMore, useDrawnPages } from '../../../components/load-more';
import { Page } from '../../../components/page';
import { EmptyState, ErrorState } from '../../../components/states';
import { useOpenProduct } from '../../../features/catalog/components/product-sheet-provider';
import { useClosetCategories } from '../../../features/closet/api/get-closet-categories';
import { useClosetCategoryPieces } from '../../../features/closet/api/get-closet-category-pieces';
import { ClosetEmpty } from '../../../features/closet/components/closet-empty';
import { ClosetPieceCard } from '../../../features/closet/components/closet-piece-card';
import {
  ClosetSearchField,
  useUrlSearch,
} from '../../../features/closet/components/closet-search-field';
import { plural } from '../../../features/closet/components/format';
import { ApiRequestError } from '../../../lib/api-client';
import { useKeptScroll } from '../../../lib/use-kept-scroll';

/**
 * The pieces owned in one category, with a search bar. The list comes a page at a time as the
 * shopper scrolls, and keeps its place on the way back.
 */
export default function ClosetCategoryRoute() {
  const openProduct = useOpenProduct();
  const { name = '' } = useParams();
  const [q, setQ] = useUrlSearch();
  const pieces = useClosetCategoryPieces(name, q);
  const pages = pieces.data?.pages ?? [];
  const category = pages[0]?.category;
  const counts = useClosetCategories();
  // The count comes from the categories' counts; a search has none of its own.
  const count = q.trim() ? undefined : counts.data?.find((c) => c.id === category?.id)?.pieces;
  useKeptScroll(pieces.isSuccess);
  const drawn = useDrawnPages(pieces);

  if (
    pieces.error instanceof ApiRequestError &&
    // Not found, or a name the shop refuses; a search too long is the search field's to say.
    (pieces.error.status === 404 ||
      (pieces.error.status === 400 && 'category' in pieces.error.fields))
  ) {
    return (
      <Page title="My Closet">
        <EmptyState
          title="No such category"
          body={`We don't have a category called “${name}”.`}
          action={
            <Button component={RouterLink} to="/closet/categories" variant="contained">
              All categories
            </Button>
          }
        />
      </Page>
    );
  }

  const title = category?.name ?? name;
  return (
    <Page title={title} subtitle={`My Closet · the ${title.toLowerCase()} you own.`} maxWidth="lg">
      <ClosetSearchField
        value={q}
        onChange={setQ}
        label={`Search ${title.toLowerCase()}`}
        placeholder="Name, colour or brand"
      />
      {pieces.isPending ? (
        <CardGridSkeleton count={6} ratio="4 / 5" columns={{ phone: 2, min: 180 }} />
      ) : pieces.isError && !pieces.data ? (
        <ErrorState message={pieces.error.message} onRetry={() => pieces.refetch()} />
      ) : !pages[0]?.items.length ? (
        q.trim() ? (
          <EmptyState
            title="No pieces match"
            body={`None of your ${title.toLowerCase()} match “${q.trim()}”.`}
            action={
              <Button variant="outlined" onClick={() => setQ('')}>
                Clear search
              </Button>
            }
          />
        ) : (
          <ClosetEmpty kind="pieces" />
        )
      ) : (
        <Box sx={{ opacity: pieces.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
          {count !== undefined && (
            <Typography variant="body2" color="text.secondary" role="status" sx={{ mb: 1.5 }}>
              {plural(count, 'piece')}
            </Typography>
          )}
          <CardGrid columns={{ phone: 2, min: 180 }} label={`Your ${title.toLowerCase()}`}>
            <ListPages
              pages={drawn.pages}
              render={(piece) => (
                <li key={piece.id}>
                  <ClosetPieceCard piece={piece} onOpen={() => openProduct(piece.id)} />
                </li>
              )}
            />
          </CardGrid>
          <LoadMore {...drawn.more} />
        </Box>
      )}
    </Page>
  );
}
