import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { ItemSearchPage, OutfitSearchPage } from '../../../contracts/search';
import { CardGrid, OUTFIT_COLUMNS, PIECE_COLUMNS } from '../../components/card-grid';
import { ListPages, LoadMore, useDrawnPages } from '../../components/load-more';
import { Page } from '../../components/page';
import { SearchField } from '../../components/search-field';
import { EmptyState, ErrorState, Loading } from '../../components/states';
import { useOpenProduct } from '../../features/catalog/components/product-sheet-provider';
import { useCategories } from '../../features/search/api/get-categories';
import { useSearchItems } from '../../features/search/api/search-items';
import { useSearchOutfits } from '../../features/search/api/search-outfits';
import { ItemResultCard } from '../../features/search/components/item-result-card';
import { OutfitResultCard } from '../../features/search/components/outfit-result-card';
import { UnderstoodChips, withoutWords } from '../../features/search/components/understood-chips';
import { positiveId } from '../../lib/positive-id';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useKeptScroll } from '../../lib/use-kept-scroll';

type Mode = 'outfits' | 'items';

/**
 * Global search. SPEC's Outfit/Category toggle picks outfits or pieces; the category switches
 * narrow the pieces (none on means every category) and rest while outfits are searched. It
 * searches as the shopper types; what is searched lives in the address, so Back returns to it.
 */
export default function SearchRoute() {
  const [params, setParams] = useSearchParams();
  const mode: Mode = params.get('type') === 'items' ? 'items' : 'outfits';
  const asked = params
    .getAll('cat')
    .map(positiveId)
    .filter((n) => n !== null);
  const [text, setText] = useState(params.get('q') ?? '');
  const q = useDebouncedValue(text, 250).trim();

  useEffect(() => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (q) next.set('q', q);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  }, [q, setParams]);

  const categories = useCategories();
  // A link may name a category the shop does not have: it narrows nothing, rather than failing.
  // Without the list (it failed), the link's categories are asked as they are.
  const chosen = categories.data
    ? asked.filter((id) => categories.data.some((c) => c.id === id))
    : asked;
  const categoriesKnown = asked.length === 0 || categories.data !== undefined || categories.isError;
  const items = useSearchItems(q, chosen, mode === 'items' && categoriesKnown);
  const outfits = useSearchOutfits(q, mode === 'outfits');
  const active = mode === 'items' ? items : outfits;
  useKeptScroll(active.isSuccess);

  function setMode(next: Mode | null) {
    if (!next || next === mode) return;
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('type', next);
        return updated;
      },
      { replace: true },
    );
  }

  function toggleCategory(id: number, on: boolean) {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        const ids = new Set(updated.getAll('cat').map(Number));
        if (on) ids.add(id);
        else ids.delete(id);
        updated.delete('cat');
        for (const c of [...ids].sort((a, b) => a - b)) updated.append('cat', String(c));
        return updated;
      },
      { replace: true },
    );
  }

  const typing = text.trim() !== q;
  const foundItems = useDrawnPages(items);
  const foundOutfits = useDrawnPages(outfits);
  const found = mode === 'items' ? foundItems : foundOutfits;
  // Nothing found when the first page is empty: a next page follows only a full one.
  const none = !found.pages[0]?.items.length;

  // A search that finds nothing and has nothing to suggest still leads somewhere: below the
  // message, what the empty search shows (popular and new pieces, or the newest outfits).
  const nothingFound = q !== '' && !typing && active.isSuccess && !active.isPlaceholderData && none;
  const popular = useSearchItems('', chosen, mode === 'items' && nothingFound);
  const newest = useSearchOutfits('', mode === 'outfits' && nothingFound);
  const instead =
    nothingFound && (mode === 'items' ? popular : newest).data?.pages[0]?.items.length ? (
      mode === 'items' ? (
        <ItemPages pages={popular.data?.pages ?? []} />
      ) : (
        <OutfitPages pages={newest.data?.pages ?? []} />
      )
    ) : null;

  const noun = mode === 'items' ? 'pieces' : 'outfits';
  // What the first page says of the words: the chips, and a search to try when nothing matched.
  const firstPage = active.data?.pages[0];
  const understood = firstPage?.understood ?? [];
  const suggestion = firstPage?.suggestion ?? null;
  const suggestionLink = () => {
    const next = new URLSearchParams(params);
    if (suggestion) next.set('q', suggestion);
    return `?${next}`;
  };
  const heading = q
    ? `${mode === 'items' ? 'Pieces' : 'Outfits'} matching “${q}”`
    : mode === 'items'
      ? 'Popular and new'
      : 'Newest outfits';

  // The heading names the results on screen: while the next search loads, the last one's.
  const shownHeading = useRef(heading);
  if (!active.isPlaceholderData && !typing) shownHeading.current = heading;

  return (
    <Page title="Search" subtitle="Find outfits and pieces across the whole shop." maxWidth="lg">
      <Stack sx={{ gap: 2, mb: 3 }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          sx={{ gap: 1.5, alignItems: { sm: 'center' } }}
        >
          <ToggleButtonGroup
            exclusive
            size="small"
            value={mode}
            onChange={(_, next: Mode | null) => setMode(next)}
            aria-label="Search for"
            sx={{ bgcolor: 'background.paper', borderRadius: 999, alignSelf: 'flex-start' }}
          >
            {/* SPEC's Outfit/Category switch: its second side searches pieces, and says so. */}
            <ToggleButton value="outfits">Outfits</ToggleButton>
            <ToggleButton value="items">Pieces</ToggleButton>
          </ToggleButtonGroup>
          <Box sx={{ flex: 1, maxWidth: { sm: 560 } }}>
            <SearchField
              label={mode === 'items' ? 'Search pieces' : 'Search outfits'}
              placeholder={mode === 'items' ? 'Jacket, navy, Tidewater…' : 'Brunch, city, linen…'}
              value={text}
              onChange={setText}
              loading={active.isFetching && !active.isFetchingNextPage}
            />
          </Box>
        </Stack>
        <Box
          component="fieldset"
          disabled={mode === 'outfits'}
          sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}
        >
          <Typography component="legend" variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
            {mode === 'outfits'
              ? 'Categories apply to pieces: switch to Pieces to use them.'
              : chosen.length === 0
                ? 'Categories: all. Switch some on to narrow the pieces.'
                : 'Categories'}
          </Typography>
          <FormGroup row sx={{ columnGap: 1 }}>
            {(categories.data ?? []).map((c) => (
              <FormControlLabel
                key={c.id}
                label={c.name}
                disabled={mode === 'outfits'}
                // The switch's track, not its touch padding, lines up with the page's edge.
                sx={{ ml: '-7px' }}
                control={
                  <Switch
                    size="small"
                    color="secondary"
                    checked={chosen.includes(c.id)}
                    onChange={(event) => toggleCategory(c.id, event.target.checked)}
                  />
                }
              />
            ))}
          </FormGroup>
        </Box>
      </Stack>

      {active.isPending && active.fetchStatus !== 'idle' ? (
        <Loading label={`Searching ${noun}`} />
      ) : active.isError && !active.data ? (
        <ErrorState message={active.error.message} onRetry={() => active.refetch()} />
      ) : none && !active.isPlaceholderData ? (
        <>
          <EmptyState
            title={q ? 'Nothing matches' : `No ${noun} here yet`}
            body={
              q ? (
                <>
                  No {noun} match “{q}”
                  {mode === 'items' && chosen.length ? ' in these categories' : ''}.{' '}
                  {suggestion ? (
                    <>
                      Did you mean{' '}
                      <Link
                        component={RouterLink}
                        to={suggestionLink()}
                        replace
                        onClick={() => setText(suggestion)}
                      >
                        {suggestion}
                      </Link>
                      ?
                    </>
                  ) : (
                    'Check the spelling, or try fewer words.'
                  )}
                </>
              ) : undefined
            }
            action={q ? <Button onClick={() => setText('')}>Clear the search</Button> : undefined}
          />
          {instead && (
            <Box component="section" aria-labelledby="search-instead" sx={{ mt: 2 }}>
              <Typography id="search-instead" variant="h5" component="h2" sx={{ mb: 1.5 }}>
                {mode === 'items' ? 'Popular and new instead' : 'Newest outfits instead'}
              </Typography>
              <CardGrid
                columns={mode === 'items' ? PIECE_COLUMNS : OUTFIT_COLUMNS}
                label={mode === 'items' ? 'Popular and new pieces' : 'Newest outfits'}
              >
                {instead}
              </CardGrid>
            </Box>
          )}
        </>
      ) : (
        <>
          <Box role="status" sx={{ mb: 1.5 }}>
            <Typography variant="h5" component="h2">
              {shownHeading.current}
            </Typography>
          </Box>
          <UnderstoodChips
            understood={typing || active.isPlaceholderData ? [] : understood}
            onRemove={(u) => setText(withoutWords(text, u.words))}
          />
          <CardGrid
            columns={mode === 'items' ? PIECE_COLUMNS : OUTFIT_COLUMNS}
            label={`${mode === 'items' ? 'Pieces' : 'Outfits'} found`}
            busy={active.isFetching}
            dimmed={active.isPlaceholderData || typing}
          >
            {mode === 'items' ? (
              <ItemPages pages={foundItems.pages} />
            ) : (
              <OutfitPages pages={foundOutfits.pages} />
            )}
          </CardGrid>
          {active.isError && !active.isFetchNextPageError && (
            <ErrorState message={active.error.message} onRetry={() => active.refetch()} />
          )}
          {/* While the next search loads, the last one's cards show (placeholder data): their
              pages are not this search's, so they ask for no next page. */}
          <LoadMore
            {...found.more}
            hasMore={found.more.hasMore && !active.isPlaceholderData}
            onLoadMore={() => {
              // Not while the first page is asked again: asking for the next would cancel it.
              if (!active.isFetching) found.more.onLoadMore();
            }}
          />
        </>
      )}
    </Page>
  );
}

/**
 * Pieces found, a page at a time, each page drawn once. A size among the words is a size chosen:
 * each piece is shown, and opens, in it; the first page says what the words were understood as.
 */
function ItemPages({ pages }: { pages: readonly ItemSearchPage[] }) {
  const openProduct = useOpenProduct();
  const sized = pages[0]?.understood.some((u) => u.kind === 'size') ?? false;
  return (
    // Drawn afresh if the first page's reading of the words changes: each card's size hangs on it.
    <ListPages
      key={String(sized)}
      pages={pages}
      render={(item) => (
        <li key={item.id}>
          <ItemResultCard
            item={item}
            onOpen={() => openProduct(item.id, sized ? { size: item.size } : undefined)}
          />
        </li>
      )}
    />
  );
}

/** Outfits found, a page at a time, each page drawn once. */
function OutfitPages({ pages }: { pages: readonly OutfitSearchPage[] }) {
  return (
    <ListPages
      pages={pages}
      render={(outfit) => (
        <li key={outfit.id}>
          <OutfitResultCard outfit={outfit} />
        </li>
      )}
    />
  );
}
