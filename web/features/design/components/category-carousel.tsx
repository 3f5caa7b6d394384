import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import ChevronLeftRounded from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useEmblaCarousel, { type UseEmblaCarouselType } from 'embla-carousel-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { CATEGORY_ID_BY_SLOT, type Item, type Slot } from '../../../../contracts/catalog';
import { pagedBy } from '../../../components/load-more';
import { RetryAlert } from '../../../components/retry-alert';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useDesignItems } from '../api/get-design-items';
import { PICTURE_BACKDROP, SLOT_LABEL } from './slots';
import { StockBadge, stockNote } from './stock-badge';

/** SPEC: 3 slides at wide widths, 2 below 600px, 1 at 480px and below. */
const slideWidth = {
  flex: '0 0 33.3333%',
  '@media (max-width: 599.95px)': { flex: '0 0 50%' },
  '@media (max-width: 480px)': { flex: '0 0 100%' },
} as const;

/** Beyond this many pages the dots become a page counter. */
const MAX_DOTS = 12;

function ItemCard({
  item,
  slot,
  selected,
  onPick,
}: {
  item: Item;
  slot: Slot;
  selected: boolean;
  onPick: (slot: Slot, item: Item) => void;
}) {
  const note = stockNote(item.stock);
  const soldOut = item.stock <= 0;
  return (
    <ButtonBase
      onClick={() => onPick(slot, item)}
      disabled={soldOut}
      aria-pressed={selected}
      aria-label={`${item.name}, ${item.color}, size ${item.size}, ${item.price}${note ? `, ${note.toLowerCase()}` : ''}`}
      sx={{
        width: '100%',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'stretch',
        textAlign: 'left',
        borderRadius: '14px',
        overflow: 'hidden',
        bgcolor: 'background.paper',
        border: 2,
        borderColor: selected ? 'primary.main' : 'divider',
        boxShadow: selected ? '0 6px 18px rgba(28,27,31,0.14)' : 'none',
        transition: 'border-color 150ms, box-shadow 150ms, transform 150ms',
        '&:hover': { borderColor: selected ? 'primary.main' : '#bfb5a6' },
        '&.Mui-focusVisible': {
          outline: '3px solid',
          outlineColor: 'secondary.main',
          outlineOffset: 2,
        },
        '&.Mui-disabled': { opacity: 1 },
      }}
    >
      <Box
        sx={{ position: 'relative', background: PICTURE_BACKDROP, height: { xs: 176, sm: 156 } }}
      >
        <Box
          component="img"
          src={item.img}
          alt=""
          loading="lazy"
          sx={{
            display: 'block',
            mx: 'auto',
            height: '100%',
            maxWidth: '100%',
            objectFit: 'contain',
            opacity: soldOut ? 0.35 : 1,
            filter: soldOut ? 'grayscale(0.6)' : 'none',
          }}
        />
        {note && (
          <Box sx={{ position: 'absolute', top: 8, left: 8 }}>
            <StockBadge stock={item.stock} />
          </Box>
        )}
        {selected && (
          <CheckCircleRounded
            aria-hidden
            color="primary"
            style={{
              position: 'absolute',
              top: 6,
              right: 6,
              background: '#fff',
              borderRadius: '50%',
            }}
          />
        )}
      </Box>
      <Box sx={{ p: 1.25, pt: 1, flex: 1, display: 'flex', flexDirection: 'column', gap: 0.25 }}>
        <Typography
          component="span"
          sx={{
            fontWeight: 600,
            fontSize: '0.88rem',
            lineHeight: 1.3,
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
            minHeight: '2.6em',
          }}
        >
          {item.name}
        </Typography>
        <Stack
          direction="row"
          sx={{ alignItems: 'baseline', justifyContent: 'space-between', gap: 1 }}
        >
          <Typography component="span" noWrap sx={{ color: 'text.secondary', fontSize: '0.78rem' }}>
            {item.color} · {item.size}
          </Typography>
          <Typography component="span" sx={{ fontWeight: 700, fontSize: '0.85rem' }}>
            {item.price}
          </Typography>
        </Stack>
      </Box>
    </ButtonBase>
  );
}

function useSnaps(emblaApi: UseEmblaCarouselType[1]) {
  const [snaps, setSnaps] = useState<number[]>([]);
  const [selected, setSelected] = useState(0);
  useEffect(() => {
    if (!emblaApi) return;
    const update = () => {
      setSnaps(emblaApi.scrollSnapList());
      setSelected(emblaApi.selectedScrollSnap());
    };
    update();
    emblaApi.on('select', update).on('reInit', update);
    return () => {
      emblaApi.off('select', update).off('reInit', update);
    };
  }, [emblaApi]);
  return { snaps, selected };
}

/** One category's pieces; clicking one puts it in its slot of the outfit. */
export function CategoryCarousel({
  slot,
  selectedId,
  onPick,
}: {
  slot: Slot;
  selectedId: number | undefined;
  onPick: (slot: Slot, item: Item) => void;
}) {
  const titleId = useId();
  // Where focus goes when a retry works and takes the alert, and its Retry button, away.
  const section = useRef<HTMLElement>(null);
  const [text, setText] = useState('');
  const [color, setColor] = useState('');
  const q = useDebouncedValue(text, 300);
  const query = useDesignItems({ categoryId: CATEGORY_ID_BY_SLOT[slot], q, color });
  const pages = query.data?.pages ?? [];
  const first = pages[0];
  const items = pages.flatMap((page) => page?.items ?? []);
  const total = first?.total ?? 0;
  const label = first?.category.name ?? SLOT_LABEL[slot];

  const [emblaRef, emblaApi] = useEmblaCarousel({
    loop: true,
    align: 'start',
    slidesToScroll: 'auto',
    // Embla's duration is not in ms; 30 reads as about half a second.
    duration: 30,
  });
  const { snaps, selected } = useSnaps(emblaApi);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const more = pagedBy(query);

  // Near the end of what is loaded, load the next page so the carousel never runs dry. After a
  // next page failed it waits for Try again: asking on its own would repeat the failure forever.
  useEffect(() => {
    if (
      snaps.length > 0 &&
      selected >= snaps.length - 2 &&
      hasNextPage &&
      !isFetchingNextPage &&
      !isFetchNextPageError
    ) {
      void fetchNextPage();
    }
  }, [
    selected,
    snaps.length,
    hasNextPage,
    isFetchingNextPage,
    isFetchNextPageError,
    fetchNextPage,
  ]);

  // New filters start from the first page.
  const filterKey = `${q}|${color}`;
  useEffect(() => {
    if (filterKey) emblaApi?.scrollTo(0, true);
  }, [emblaApi, filterKey]);

  const scrollPrev = useCallback(() => emblaApi?.scrollPrev(), [emblaApi]);
  const scrollNext = useCallback(() => emblaApi?.scrollNext(), [emblaApi]);
  const filtered = Boolean(q || color);

  return (
    <Box
      component="section"
      ref={section}
      tabIndex={-1}
      aria-labelledby={titleId}
      sx={{
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        borderRadius: '20px',
        p: { xs: 1.5, sm: 2 },
      }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ alignItems: { xs: 'stretch', sm: 'center' }, gap: 1.5, mb: 1.5 }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id={titleId} variant="h4" component="h2">
            {label}
          </Typography>
          <Typography sx={{ color: 'text.secondary', fontSize: '0.8rem' }}>
            {query.isPending
              ? 'Loading pieces…'
              : `${total} ${total === 1 ? 'piece' : 'pieces'}${filtered ? ' match' : ''} · fills the ${SLOT_LABEL[slot].toLowerCase()} slot`}
          </Typography>
        </Box>
        <Stack direction="row" sx={{ gap: 1 }}>
          <TextField
            select
            size="small"
            label="Colour"
            value={color}
            onChange={(e) => setColor(e.target.value)}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            sx={{ width: { xs: '45%', sm: 140 } }}
          >
            <MenuItem value="">All colours</MenuItem>
            {(first?.colors ?? []).map((c) => (
              <MenuItem key={c} value={c}>
                {c}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            type="search"
            label={`Search ${label.toLowerCase()}`}
            value={text}
            onChange={(e) => setText(e.target.value)}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchRounded fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
            sx={{ width: { xs: '55%', sm: 200 } }}
          />
        </Stack>
      </Stack>

      {/* Only a list with nothing loaded gives way to the error; a failed next page is noted below. */}
      {query.isError && !query.data ? (
        <RetryAlert onRetry={query.refetch} retrying={query.isFetching} focusAfter={section}>
          {query.error.message}
        </RetryAlert>
      ) : query.isPending ? (
        <Stack direction="row" sx={{ gap: 1.5 }} aria-hidden>
          {[0, 1, 2].map((i) => (
            <Skeleton
              key={i}
              variant="rounded"
              height={218}
              sx={{
                flex: 1,
                borderRadius: '14px',
                display: { xs: i > 0 ? 'none' : 'block', sm: 'block' },
              }}
            />
          ))}
        </Stack>
      ) : items.length === 0 ? (
        <Stack sx={{ alignItems: 'center', py: 4, gap: 1 }}>
          <Typography sx={{ color: 'text.secondary' }}>Nothing matches these filters.</Typography>
          <Button
            size="small"
            variant="outlined"
            onClick={() => {
              setText('');
              setColor('');
            }}
          >
            Clear filters
          </Button>
        </Stack>
      ) : (
        <Box sx={{ position: 'relative', opacity: query.isPlaceholderData ? 0.6 : 1 }}>
          <Box ref={emblaRef} sx={{ overflow: 'hidden', mx: -0.75 }}>
            <Box role="list" sx={{ display: 'flex', touchAction: 'pan-y pinch-zoom' }}>
              {items.map((item) => (
                <Box key={item.id} role="listitem" sx={{ ...slideWidth, minWidth: 0, px: 0.75 }}>
                  <ItemCard
                    item={item}
                    slot={slot}
                    selected={item.id === selectedId}
                    onPick={onPick}
                  />
                </Box>
              ))}
            </Box>
          </Box>
          <Stack
            direction="row"
            sx={{ alignItems: 'center', justifyContent: 'space-between', mt: 1.25, gap: 1 }}
          >
            <IconButton
              aria-label={`Previous ${label.toLowerCase()}`}
              onClick={scrollPrev}
              size="small"
              sx={{ border: 1, borderColor: 'divider' }}
            >
              <ChevronLeftRounded />
            </IconButton>
            {snaps.length > 1 && snaps.length <= MAX_DOTS ? (
              <Stack direction="row" sx={{ flexWrap: 'wrap', justifyContent: 'center' }}>
                {snaps.map((_, i) => (
                  <ButtonBase
                    // Snap positions are stable between renders; their index is their identity.
                    // biome-ignore lint/suspicious/noArrayIndexKey: see above
                    key={i}
                    aria-label={`${label}, page ${i + 1} of ${snaps.length}`}
                    aria-current={i === selected ? 'true' : undefined}
                    onClick={() => emblaApi?.scrollTo(i)}
                    sx={{ width: 24, height: 24, borderRadius: '50%' }}
                  >
                    <Box
                      sx={{
                        width: i === selected ? 18 : 8,
                        height: 8,
                        borderRadius: 999,
                        bgcolor: i === selected ? 'primary.main' : '#d3cabd',
                        transition: 'width 200ms, background-color 200ms',
                      }}
                    />
                  </ButtonBase>
                ))}
              </Stack>
            ) : (
              <Typography sx={{ fontSize: '0.8rem', color: 'text.secondary' }} aria-live="polite">
                {snaps.length > 1 ? `${selected + 1} / ${snaps.length}` : ''}
                {hasNextPage ? ` · ${items.length} of ${total} loaded` : ''}
              </Typography>
            )}
            <IconButton
              aria-label={`Next ${label.toLowerCase()}`}
              onClick={scrollNext}
              size="small"
              sx={{ border: 1, borderColor: 'divider' }}
            >
              <ChevronRightRounded />
            </IconButton>
          </Stack>
          {isFetchNextPageError && (
            <Stack
              direction="row"
              sx={{ alignItems: 'center', justifyContent: 'center', gap: 1, mt: 1 }}
            >
              <Typography role="alert" variant="body2" color="text.secondary">
                More pieces could not be loaded.
              </Typography>
              <Button size="small" variant="outlined" onClick={more.onLoadMore}>
                Try again
              </Button>
            </Stack>
          )}
        </Box>
      )}
    </Box>
  );
}
