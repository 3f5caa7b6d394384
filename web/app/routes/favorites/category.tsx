import Close from '@mui/icons-material/Close';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  Link as RouterLink,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
import { CardGrid, PIECE_COLUMNS } from '../../../components/card-grid';
import { ListPages, LoadMore, useDrawnPages } from '../../../components/load-more';
import { Page } from '../../../components/page';
import { EmptyState, ErrorState, Loading } from '../../../components/states';
import { CartToggle } from '../../../features/cart/components/cart-toggle';
import { useOpenProduct } from '../../../features/catalog/components/product-sheet-provider';
import { useCategoryFavorites } from '../../../features/favorites/api/get-category-favorites';
import { FavoriteItemCard } from '../../../features/favorites/components/favorite-item-card';
import { FavoriteItemEditor } from '../../../features/favorites/components/favorite-item-editor';
import { buyQuantity } from '../../../features/favorites/components/format';
import { ApiRequestError } from '../../../lib/api-client';
import { positiveId } from '../../../lib/positive-id';
import { useKeptScroll } from '../../../lib/use-kept-scroll';

/**
 * Favorite pieces in one category. A piece opens over the list (`?item=…&outfit=…`), where its
 * colour, size and quantity can be changed whether or not it came with an outfit. The list comes
 * a page at a time as the shopper scrolls, and keeps its place on the way back.
 */
const EDITOR_FROM_LIST = { editorFromList: true };

export default function FavoriteCategoryRoute() {
  const openProduct = useOpenProduct();
  const { name = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const pieces = useCategoryFavorites(name);
  // The first page says whether there are any and what the category is called.
  const firstPage = pieces.data?.pages[0]?.items ?? [];
  useKeptScroll(pieces.isSuccess);
  const drawn = useDrawnPages(pieces);
  const openItem = positiveId(search.get('item'));
  const openOutfit = search.get('outfit');
  const editing = openItem !== null;

  const pieceLink = (itemId: number, outfitId: number | null) => {
    const next = new URLSearchParams(search);
    next.set('item', String(itemId));
    next.set('outfit', outfitId === null ? 'none' : String(outfitId));
    return `?${next.toString()}`;
  };
  const location = useLocation();
  const navigate = useNavigate();
  // Opened from this list (the link marks it): closing goes back, so history holds the list once
  // and Back after closing leaves the page. Opened from elsewhere (a shared link), it is replaced.
  const openedHere = (location.state as { editorFromList?: boolean } | null)?.editorFromList;
  const close = () => {
    if (openedHere) {
      navigate(-1);
      return;
    }
    const next = new URLSearchParams(search);
    next.delete('item');
    next.delete('outfit');
    setSearch(next, { replace: true });
  };

  if (pieces.error instanceof ApiRequestError && pieces.error.status === 404) {
    return (
      <Page title="Favorites">
        <EmptyState
          title="No such category"
          body={`Drape has no category called “${name}”.`}
          action={
            <Button component={RouterLink} to="/favorites/categories" variant="outlined">
              All categories
            </Button>
          }
        />
      </Page>
    );
  }

  const title = firstPage[0]?.category ?? name;
  return (
    <Page title="Favorites" subtitle={`${title}: the pieces you love.`} maxWidth="lg">
      {pieces.isPending ? (
        <Loading label="Loading your pieces" />
      ) : pieces.isError && !pieces.data ? (
        <ErrorState message={pieces.error.message} onRetry={() => pieces.refetch()} />
      ) : firstPage.length === 0 ? (
        <EmptyState
          title="No favorites here yet"
          body="Heart a piece while you swipe or search, or swipe right on a whole outfit."
          action={
            <Button component={RouterLink} to="/search" variant="contained">
              Search the shop
            </Button>
          }
        />
      ) : (
        <>
          <CardGrid columns={PIECE_COLUMNS} label={`Favorite ${title}`}>
            <ListPages
              pages={drawn.pages}
              // Each card's link keeps the address's other parameters as the page was drawn.
              render={(piece) => (
                <li key={`${piece.outfitId ?? 'own'}:${piece.id}`}>
                  <FavoriteItemCard
                    item={piece}
                    to={pieceLink(piece.id, piece.outfitId)}
                    linkState={EDITOR_FROM_LIST}
                    action={
                      <CartToggle
                        itemId={piece.id}
                        itemName={piece.name}
                        quantity={buyQuantity(piece)}
                        wanted={Math.max(1, piece.quantity)}
                        onChooseSize={
                          piece.sizeChosen
                            ? undefined
                            : () => openProduct(piece.id, { quantity: Math.max(1, piece.quantity) })
                        }
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
      <Dialog
        open={editing}
        onClose={close}
        fullScreen={phone}
        maxWidth="md"
        fullWidth
        aria-labelledby="piece-dialog-title"
      >
        <DialogTitle id="piece-dialog-title" sx={{ pr: 7 }}>
          Edit favorite
          <IconButton
            aria-label="Close"
            onClick={close}
            sx={{ position: 'absolute', right: 12, top: 12 }}
          >
            <Close />
          </IconButton>
        </DialogTitle>
        <DialogContent>
          {editing && (
            <FavoriteItemEditor
              itemId={openItem}
              outfitId={openOutfit === null || openOutfit === 'none' ? null : Number(openOutfit)}
              headingLevel="h2"
              onMoved={(item) => {
                const next = new URLSearchParams(search);
                next.set('item', String(item.id));
                setSearch(next, { replace: true, state: location.state });
              }}
            />
          )}
        </DialogContent>
      </Dialog>
    </Page>
  );
}
